import { describe, expect, it } from 'vitest';
import { qrFileName } from './qr-code';

describe('qr code', () => {
  it('names files safely after the short URL', () => {
    expect(qrFileName('https://go.example.com/spring-sale', 'png')).toBe('qr-go.example.com-spring-sale.png');
    expect(qrFileName('http://localhost:8080/a_b', 'svg')).toBe('qr-localhost-8080-a_b.svg');
    expect(qrFileName('', 'svg')).toBe('qr-link.svg');
  });
});
