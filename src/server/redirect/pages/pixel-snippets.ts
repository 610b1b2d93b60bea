// Each pixel vendor's own loader snippet (as the vendors publish them), for the page shown before
// the redirect. Pixel ids are validated ([A-Za-z0-9_-]) and still JSON-encoded and escaped here.
import { esc } from './layout';

export interface PixelSnippet {
  /** Inline script body (runs with the page's nonce). */
  script: string;
  /** <noscript> fallback markup. */
  noscript: string;
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
}

/** A JS string literal that is also safe inside <script>. */
const js = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
const img = (src: string) => `<img height="1" width="1" alt="" src="${esc(src)}">`;
const u = encodeURIComponent;

const GTAG = (id: string) =>
  `(function(w,d){var s=d.createElement('script');s.async=true;s.src='https://www.googletagmanager.com/gtag/js?id='+encodeURIComponent(${js(id)});d.head.appendChild(s);` +
  `w.dataLayer=w.dataLayer||[];w.gtag=function(){w.dataLayer.push(arguments)};w.gtag('js',new Date());w.gtag('config',${js(id)});})(window,document);`;

const loader = (src: string, init: string) =>
  `(function(d){var s=d.createElement('script');s.async=true;s.src=${js(src)};d.head.appendChild(s);})(document);${init}`;

const google = ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'];

export function pixelSnippet(type: string, id: string): PixelSnippet | null {
  const none = { noscript: '', imgSrc: [], connectSrc: [], frameSrc: [] };
  switch (type) {
    case 'adroll': {
      const [adv, pix] = id.includes('-') ? id.split('-', 2) : [id, id];
      return { ...none, scriptSrc: ['https://s.adroll.com'], imgSrc: ['https://d.adroll.com'], connectSrc: ['https://*.adroll.com'],
        script: `window.adroll_adv_id=${js(adv ?? id)};window.adroll_pix_id=${js(pix ?? id)};window.adroll_version='2.0';` +
          loader(`https://s.adroll.com/j/${u(adv ?? id)}/roundtrip.js`, '') };
    }
    case 'bing':
      return { ...none, scriptSrc: ['https://bat.bing.com'], imgSrc: ['https://bat.bing.com'], connectSrc: ['https://bat.bing.com'],
        script: `(function(w,d,t,r,u){var f,n,i;w[u]=w[u]||[],f=function(){var o={ti:${js(id)},enableAutoSpaTracking:true};o.q=w[u],w[u]=new UET(o),w[u].push("pageLoad")},n=d.createElement(t),n.src=r,n.async=1,n.onload=n.onreadystatechange=function(){var s=this.readyState;s&&s!=="loaded"&&s!=="complete"||(f(),n.onload=n.onreadystatechange=null)},i=d.getElementsByTagName(t)[0]||d.head.lastChild,d.head.appendChild(n)})(window,document,"script","https://bat.bing.com/bat.js","uetq");`,
        noscript: img(`https://bat.bing.com/action/0?ti=${u(id)}&Ver=2`) };
    case 'facebook':
      return { ...none, scriptSrc: ['https://connect.facebook.net'], imgSrc: ['https://www.facebook.com'], connectSrc: ['https://www.facebook.com', 'https://connect.facebook.net'],
        script: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;b.head.appendChild(t)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${js(id)});fbq('track','PageView');`,
        noscript: img(`https://www.facebook.com/tr?id=${u(id)}&ev=PageView&noscript=1`) };
    case 'google-ads':
    case 'google-analytics':
      return { ...none, scriptSrc: google, imgSrc: google, connectSrc: google, script: GTAG(id) };
    case 'google-tag-manager':
      return { ...none, scriptSrc: google, imgSrc: google, connectSrc: google, frameSrc: ['https://www.googletagmanager.com'],
        script: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(i)+dl;d.head.appendChild(j);})(window,document,'script','dataLayer',${js(id)});`,
        noscript: `<iframe src="${esc(`https://www.googletagmanager.com/ns.html?id=${u(id)}`)}" height="0" width="0" title="" hidden></iframe>` };
    case 'linkedin':
      return { ...none, scriptSrc: ['https://snap.licdn.com'], imgSrc: ['https://px.ads.linkedin.com'], connectSrc: ['https://px.ads.linkedin.com'],
        script: `window._linkedin_partner_id=${js(id)};window._linkedin_data_partner_ids=window._linkedin_data_partner_ids||[];window._linkedin_data_partner_ids.push(window._linkedin_partner_id);` +
          loader('https://snap.licdn.com/li.lms-analytics/insight.min.js', ''),
        noscript: img(`https://px.ads.linkedin.com/collect/?pid=${u(id)}&fmt=gif`) };
    case 'pinterest':
      return { ...none, scriptSrc: ['https://s.pinimg.com'], imgSrc: ['https://ct.pinterest.com'], connectSrc: ['https://ct.pinterest.com'],
        script: `!function(e){if(!window.pintrk){window.pintrk=function(){window.pintrk.queue.push(Array.prototype.slice.call(arguments))};var n=window.pintrk;n.queue=[],n.version="3.0";var t=document.createElement("script");t.async=!0,t.src=e;document.head.appendChild(t)}}("https://s.pinimg.com/ct/core.js");pintrk('load',${js(id)});pintrk('page');`,
        noscript: img(`https://ct.pinterest.com/v3/?event=init&tid=${u(id)}&noscript=1`) };
    case 'quora':
      return { ...none, scriptSrc: ['https://a.quora.com'], imgSrc: ['https://q.quora.com'], connectSrc: ['https://q.quora.com'],
        script: `!function(q,e,v,n,t,s){if(q.qp)return;n=q.qp=function(){n.qp?n.qp.apply(n,arguments):n.queue.push(arguments)};n.queue=[];t=document.createElement(e);t.async=!0;t.src=v;document.head.appendChild(t)}(window,'script','https://a.quora.com/qevents.js');qp('init',${js(id)});qp('track','ViewContent');`,
        noscript: img(`https://q.quora.com/_/ad/${u(id)}/pixel?tag=ViewContent&noscript=1`) };
    case 'reddit':
      return { ...none, scriptSrc: ['https://www.redditstatic.com'], imgSrc: ['https://alb.reddit.com'], connectSrc: ['https://alb.reddit.com'],
        script: `!function(w,d){if(!w.rdt){var p=w.rdt=function(){p.sendEvent?p.sendEvent.apply(p,arguments):p.callQueue.push(arguments)};p.callQueue=[];var t=d.createElement("script");t.src="https://www.redditstatic.com/ads/pixel.js",t.async=!0;d.head.appendChild(t)}}(window,document);rdt('init',${js(id)});rdt('track','PageVisit');`,
        noscript: img(`https://alb.reddit.com/snc.gif?id=${u(id)}&event=PageVisit`) };
    case 'tiktok':
      return { ...none, scriptSrc: ['https://analytics.tiktok.com'], imgSrc: ['https://analytics.tiktok.com'], connectSrc: ['https://analytics.tiktok.com'],
        script: `!function(w,d,t){w.TiktokAnalyticsObject=t;var ttq=w[t]=w[t]||[];ttq.methods=["page","track","identify","instances","debug","on","off","once","ready","alias","group","enableCookie","disableCookie"];ttq.setAndDefer=function(t,e){t[e]=function(){t.push([e].concat(Array.prototype.slice.call(arguments,0)))}};for(var i=0;i<ttq.methods.length;i++)ttq.setAndDefer(ttq,ttq.methods[i]);ttq.load=function(e){var n="https://analytics.tiktok.com/i18n/pixel/events.js";ttq._i=ttq._i||{};ttq._i[e]=[];ttq._t=ttq._t||{};ttq._t[e]=+new Date;var o=d.createElement("script");o.type="text/javascript";o.async=!0;o.src=n+"?sdkid="+e+"&lib="+t;d.head.appendChild(o)};ttq.load(${js(id)});ttq.page();}(window,document,'ttq');` };
    case 'x':
      return { ...none, scriptSrc: ['https://static.ads-twitter.com'], imgSrc: ['https://t.co', 'https://analytics.twitter.com'], connectSrc: ['https://static.ads-twitter.com', 'https://ads-twitter.com', 'https://ads-api.twitter.com'],
        script: `!function(e,t,n,s,u,a){e.twq||(s=e.twq=function(){s.exe?s.exe.apply(s,arguments):s.queue.push(arguments)},s.version='1.1',s.queue=[],u=t.createElement(n),u.async=!0,u.src='https://static.ads-twitter.com/uwt.js',t.head.appendChild(u))}(window,document,'script');twq('config',${js(id)});`,
        noscript: img(`https://analytics.twitter.com/i/adsct?txn_id=${u(id)}&p_id=Twitter&tw_sale_amount=0&tw_order_quantity=0`) };
    default:
      return null;
  }
}
