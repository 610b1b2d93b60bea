import { describe, expect, it } from 'vitest';
import { shortUrlPreview } from './short-url-preview';

describe('shortUrlPreview', () => {
  it('joins the base and a valid alias, and offers it for copying', () => {
    expect(shortUrlPreview('http://localhost:8080', 'spring')).toEqual({ text: 'http://localhost:8080/spring', copy: 'http://localhost:8080/spring', problem: null });
    expect(shortUrlPreview('https://go.example.com/', '  Summer_Sale-1 ')).toMatchObject({ copy: 'https://go.example.com/Summer_Sale-1' });
  });

  it('shows an ellipsis and offers no copy while the alias is empty (the server makes one up)', () => {
    expect(shortUrlPreview('https://s.example', '  ')).toEqual({ text: 'https://s.example/…', copy: null, problem: null });
  });

  it('offers no copy for an alias the server would refuse, and says why', () => {
    for (const alias of ['has space', 'ünï', 'a/b', 'dashboard', 'API', 'x'.repeat(256)]) {
      const p = shortUrlPreview('https://s.example', alias);
      expect(p.copy, alias).toBeNull();
      expect(p.problem, alias).toBeTruthy();
    }
    expect(shortUrlPreview('https://s.example', 'has space').problem).toMatch(/letters, digits/);
    expect(shortUrlPreview('https://s.example', 'dashboard').problem).toMatch(/reserved/);
  });
});
