import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebPlatform } from '../../renderer/platform/webPlatform';
import { MAX_FILE_NAME_LENGTH, MAX_JSON_EXPORT_BYTES } from '../../shared/limits';
import { checkJsonFileName, checkJsonText, checkPdfFileName } from '../../shared/validation';

// The checks both sides of the desktop bridge run before saving a file, and the web platform's
// download. The desktop's dialog and the two platforms side by side: tests/electron.

describe('file names to save', () => {
  const checks = [
    ['.pdf', checkPdfFileName],
    ['.json', checkJsonFileName],
  ] as const;

  describe.each(checks)('%s', (extension, check) => {
    it.each([
      `../x${extension}`,
      `../../x${extension}`,
      `a/b${extension}`,
      `a\\b${extension}`,
      `C:x${extension}`,
      `x?${extension}`,
      `bad\u0000name${extension}`,
      `bad\u007fname${extension}`,
      `bad\nname${extension}`,
      extension,
      `.hidden${extension}`,
      `${'a'.repeat(MAX_FILE_NAME_LENGTH)}${extension}`,
      `x${extension}.exe`,
      'x.exe',
      '',
      '   ',
      42,
      null,
      undefined,
    ])('refuses %j', (name) => {
      expect(check(name)).toEqual({ ok: false, error: 'invalid-file-name' });
    });

    it('accepts a bare name, trimmed, whatever the case of the extension', () => {
      expect(check(`  My file${extension} `)).toEqual({
        ok: true,
        value: `My file${extension}`,
      });
      const upper = `EXPORT${extension.toUpperCase()}`;
      expect(check(upper)).toEqual({ ok: true, value: upper });
      const longest = `${'a'.repeat(MAX_FILE_NAME_LENGTH - extension.length)}${extension}`;
      expect(check(longest)).toEqual({ ok: true, value: longest });
    });
  });

  it('keeps each check to its own extension', () => {
    expect(checkPdfFileName('x.json').ok).toBe(false);
    expect(checkJsonFileName('x.pdf').ok).toBe(false);
  });
});

describe('checkJsonText', () => {
  it.each(['{"email":"ada@example.org"}', '[1, 2, 3]', '"text"', '42', 'null', ' {} \n'])(
    'accepts %j as it is',
    (text) => {
      expect(checkJsonText(text)).toEqual({ ok: true, value: text });
    },
  );

  it.each(['', ' ', 'undefined', "{'single': 'quotes'}", '{"a":1,}', '{"cut":', 'NaN'])(
    'refuses the text %j',
    (text) => {
      expect(checkJsonText(text)).toEqual({ ok: false, error: 'invalid-json' });
    },
  );

  it.each([undefined, null, 42, { a: 1 }, new TextEncoder().encode('{}')])(
    'refuses the non-string %j',
    (value) => {
      expect(checkJsonText(value)).toEqual({ ok: false, error: 'invalid-json' });
    },
  );

  it('counts the limit in UTF-8 bytes, not characters', () => {
    const atLimit = `"${'a'.repeat(MAX_JSON_EXPORT_BYTES - 2)}"`;
    expect(checkJsonText(atLimit).ok).toBe(true);
    expect(checkJsonText(`${atLimit} `)).toEqual({ ok: false, error: 'json-too-large' });
    // Four bytes per emoji (two UTF-16 units): a quarter of the limit in characters is too much.
    const emoji = `"${'🙂'.repeat(MAX_JSON_EXPORT_BYTES / 4)}"`;
    expect(emoji.length).toBeLessThan(MAX_JSON_EXPORT_BYTES);
    expect(checkJsonText(emoji)).toEqual({ ok: false, error: 'json-too-large' });
  });

  it('refuses an oversized text even when it is not JSON', () => {
    expect(checkJsonText('x'.repeat(MAX_JSON_EXPORT_BYTES + 1))).toEqual({
      ok: false,
      error: 'json-too-large',
    });
  });
});

describe('the web platform’s downloads', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function webPlatform() {
    const blobs: Blob[] = [];
    const clicked: Array<{ href: string; download: string; rel: string }> = [];
    const revokeObjectURL = vi.fn();
    const platform = createWebPlatform({
      localStorage: window.localStorage,
      document,
      open: () => null,
      createObjectURL: (blob) => {
        blobs.push(blob);
        return `blob:test/${String(blobs.length)}`;
      },
      revokeObjectURL,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, rel: this.rel });
    });
    return { platform, blobs, clicked, revokeObjectURL, click };
  }

  it('downloads a JSON document as application/json under the checked name', async () => {
    vi.useFakeTimers();
    const { platform, blobs, clicked, revokeObjectURL } = webPlatform();
    const json = '{"name":"Adà"}';
    expect(await platform.saveJson(' blockademia-data.json ', json)).toEqual({
      status: 'saved',
      location: 'blockademia-data.json',
    });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]?.type).toBe('application/json');
    expect(await blobs[0]?.text()).toBe(json);
    expect(clicked).toEqual([
      { href: 'blob:test/1', download: 'blockademia-data.json', rel: 'noopener' },
    ]);
    expect(document.querySelector('a')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:test/1');
  });

  it('downloads a PDF the same way, as application/pdf', async () => {
    const { platform, blobs, clicked } = webPlatform();
    await platform.savePdf('report.pdf', new TextEncoder().encode('%PDF-1.7'));
    expect(blobs[0]?.type).toBe('application/pdf');
    expect(clicked.map((link) => link.download)).toEqual(['report.pdf']);
  });

  it.each([
    ['../x.json', '{}', 'invalid-file-name'],
    ['x.pdf', '{}', 'invalid-file-name'],
    ['x.json', 'not json', 'invalid-json'],
    ['x.json', `"${'a'.repeat(MAX_JSON_EXPORT_BYTES)}"`, 'json-too-large'],
  ])('refuses %j without downloading anything', async (name, json, code) => {
    const { platform, blobs, click } = webPlatform();
    await expect(platform.saveJson(name, json)).rejects.toMatchObject({
      name: 'PlatformError',
      code,
    });
    expect(blobs).toEqual([]);
    expect(click).not.toHaveBeenCalled();
  });
});
