import { describe, expect, it } from 'vitest';
import { urlParts } from './url-parts';

const join = (p: ReturnType<typeof urlParts>) => p.scheme + p.host + p.middle + p.tail;

describe('urlParts', () => {
  it('keeps the host and the last path segment, with the query and fragment, apart from the path between', () => {
    expect(urlParts('https://shop.example.com/collections/summer/spring-sale')).toEqual({
      scheme: 'https://',
      host: 'shop.example.com',
      middle: '/collections/summer',
      tail: '/spring-sale',
    });
    expect(urlParts('http://shop.example.com:8080/a/very/long/path/spring-sale?utm_source=news&i=3#top')).toEqual({
      scheme: 'http://',
      host: 'shop.example.com:8080',
      middle: '/a/very/long/path',
      tail: '/spring-sale?utm_source=news&i=3#top',
    });
  });

  it('a trailing slash stays with the last segment, and the query with it', () => {
    expect(urlParts('https://shop.example.com/collections/summer/?utm_source=news')).toMatchObject({ middle: '/collections', tail: '/summer/?utm_source=news' });
  });

  it('has nothing to cut between host and tail when the path is one segment, none, or its middle is tiny', () => {
    expect(urlParts('https://go.example.com/spring-sale')).toEqual({ scheme: 'https://', host: 'go.example.com', middle: '', tail: '/spring-sale' });
    expect(urlParts('https://example.com')).toEqual({ scheme: 'https://', host: 'example.com', middle: '', tail: '' });
    expect(urlParts('https://example.com/?q=1')).toEqual({ scheme: 'https://', host: 'example.com', middle: '', tail: '/?q=1' });
    expect(urlParts('https://example.com/de/spring')).toEqual({ scheme: 'https://', host: 'example.com', middle: '', tail: '/de/spring' });
    expect(urlParts('https://example.com/en-gb/spring')).toMatchObject({ middle: '/en-gb', tail: '/spring' });
  });

  it('a slash in the query or fragment is not a path segment', () => {
    expect(urlParts('https://example.com/a/b/c/page?next=/x/y#/route/z')).toMatchObject({ host: 'example.com', middle: '/a/b/c', tail: '/page?next=/x/y#/route/z' });
    expect(urlParts('https://example.com?next=/x/y')).toMatchObject({ host: 'example.com', middle: '', tail: '?next=/x/y' });
  });

  it('gives back every character in order, for URLs and for anything else', () => {
    for (const url of ['https://shop.example.com/collections/summer/spring-sale', 'mailto:a@b.c', 'not a url/at all', '', '//cdn.example.com/x/y/z', 'HTTPS://EXAMPLE.COM/A//B//']) {
      expect(join(urlParts(url))).toBe(url);
    }
    expect(urlParts('not a url/at all/really')).toEqual({ scheme: '', host: 'not a url', middle: '/at all', tail: '/really' });
  });
});
