// The public statistics page of a link (`/{alias}/+`): clicks per day for 30 days as an inline SVG, and
// the top countries, browsers, operating systems, devices and referrers. Read from the daily rollups.
import { COUNTRIES, type CountryInfo } from '../../../shared/geo-data';
import type { StatsName } from '../../../shared/enums';
import type { StatsRepo } from '../../stats/stats.repo';
import { esc, renderPage } from './layout';

const countryByCode = new Map<string, CountryInfo>(COUNTRIES.map((c) => [c.code, c]));
const DAYS = 30;

const TABLES: [Exclude<StatsName, 'clicks'>, string, (v: string) => string][] = [
  ['country', 'Countries', (v) => countryByCode.get(v)?.name ?? v],
  ['browser', 'Browsers', (v) => v],
  ['operating_system', 'Operating systems', (v) => v],
  ['device', 'Devices', (v) => v],
  ['referrer', 'Referrers', (v) => v],
];

function chart(days: { date: string; count: number }[]): string {
  const max = Math.max(1, ...days.map((d) => d.count));
  const w = 20;
  const h = 120;
  const bars = days
    .map((d, i) => {
      const bh = Math.round((d.count / max) * (h - 4));
      return `<rect x="${i * w + 2}" y="${h - bh}" width="${w - 4}" height="${bh}"><title>${esc(d.date)}: ${d.count}</title></rect>`;
    })
    .join('');
  return `<svg viewBox="0 0 ${days.length * w} ${h}" role="img" aria-label="Clicks per day">${bars}</svg>`;
}

function table(title: string, rows: { value: string; count: number }[], label: (v: string) => string): string {
  const body = rows.length
    ? rows.map((r) => `<tr><td class="break">${esc(label(r.value))}</td><td class="n">${r.count}</td></tr>`).join('')
    : '<tr><td class="muted" colspan="2">No data yet</td></tr>';
  return `<section><h2>${esc(title)}</h2><table><tbody>${body}</tbody></table></section>`;
}

export async function statsPage(repo: StatsRepo, link: { id: number; alias: string; title: string | null }, now = new Date()): Promise<string> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const days = await repo.clicksPerDay(link.id, from, to);
  const total = days.reduce((a, d) => a + d.count, 0);
  const tables: string[] = [];
  for (const [name, title, label] of TABLES) {
    const { rows } = await repo.top(link.id, name, from, to, 1, 10);
    tables.push(table(title, rows, label));
  }
  return renderPage({
    title: `Statistics of /${link.alias}`,
    wide: true,
    body: `<h1 class="break">Statistics of /${esc(link.alias)}</h1>
${link.title ? `<p class="break muted">${esc(link.title)}</p>` : ''}
<p><strong>${total}</strong> click${total === 1 ? '' : 's'} from ${esc(from)} to ${esc(to)} (UTC).</p>
${chart(days)}
<div class="grid">${tables.join('')}</div>
<footer class="muted"><a href="https://db-ip.com/">IP Geolocation by DB-IP</a></footer>`,
  });
}
