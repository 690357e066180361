import { describe, expect, it } from 'vitest';
import { initialLanguage } from '../../renderer/i18n/initialLanguage';

describe('the language a visit opens in', () => {
  it('is the one the address names, whatever was stored', () => {
    expect(initialLanguage('?lang=es', 'en')).toBe('es');
    expect(initialLanguage('?q=wallet&lang=en', null)).toBe('en');
  });

  it('is the stored choice when the address names none, or none we know', () => {
    expect(initialLanguage('', 'en')).toBe('en');
    expect(initialLanguage('?lang=de', 'es')).toBe('es');
    expect(initialLanguage('?lang=EN', 'es')).toBe('es');
  });

  it('is French otherwise', () => {
    expect(initialLanguage('', null)).toBe('fr');
    expect(initialLanguage('?lang=', 'klingon')).toBe('fr');
  });
});
