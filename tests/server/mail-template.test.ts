import { describe, expect, it } from 'vitest';
import { parseTemplate, TemplateError } from '../../server/mail/goTemplate.ts';
import { htmlToText, PlainTextError } from '../../server/mail/plainText.ts';

// The stack's reading of the Go templates in supabase/templates/: exactly the subset those files
// use, with Go's results for it, and every other construct refused when parsing.

const FIELDS = new Set(['Token', 'ConfirmationURL']);
const parse = (text: string) =>
  parseTemplate(text, {
    source: 'test.html',
    knownField: (path) =>
      path.length === 1 ? FIELDS.has(path[0] ?? '') : path.length === 2 && path[0] === 'Data',
  });

const LANGUAGES =
  '{{ if eq .Data.language "en" }}Hello{{ else if eq .Data.language "es" }}Hola{{ else }}Bonjour{{ end }}';

describe('the Go template subset', () => {
  it('prints fields HTML-escaped, and nothing for a missing metadata key', () => {
    const template = parse('<a href="{{ .ConfirmationURL }}">{{ .Token }}</a>{{ .Data.name }}');
    expect(
      template.render({
        ConfirmationURL: 'http://x/verify?a=1&b="2"',
        Token: "<b>1</b>'",
        Data: {},
      }),
    ).toBe('<a href="http://x/verify?a=1&amp;b=&quot;2&quot;">&lt;b&gt;1&lt;/b&gt;&#39;</a>');
  });

  it('takes the first branch whose eq holds, else the else branch, as Go does', () => {
    const template = parse(LANGUAGES);
    expect(template.render({ Data: { language: 'en' } })).toBe('Hello');
    expect(template.render({ Data: { language: 'es' } })).toBe('Hola');
    expect(template.render({ Data: { language: 'fr' } })).toBe('Bonjour');
    // Hosted Supabase's fallbacks: no metadata, no language, another language, another case.
    expect(template.render({ Data: {} })).toBe('Bonjour');
    expect(template.render({})).toBe('Bonjour');
    expect(template.render({ Data: { language: 'de' } })).toBe('Bonjour');
    expect(template.render({ Data: { language: 'EN' } })).toBe('Bonjour');
  });

  it('nests conditions and keeps the text around actions as it is', () => {
    const template = parse(
      '<p>\n{{ if eq .Data.a "1" }}A{{ if eq .Data.b "2" }}B{{ end }}{{ end }}\n</p>',
    );
    expect(template.render({ Data: { a: '1', b: '2' } })).toBe('<p>\nAB\n</p>');
    expect(template.render({ Data: { a: '1' } })).toBe('<p>\nA\n</p>');
    expect(template.render({ Data: { b: '2' } })).toBe('<p>\n\n</p>');
  });

  it.each([
    ['{{ range .Data }}x{{ end }}', /line 1: \{\{ range \.Data \}\} is not supported/],
    ['a\n{{ .Token | html }}', /line 2: "\.Token \| html" is not a field/],
    ['{{- .Token }}', /trim markers/],
    ['{{/* a comment */}}', /is not supported/],
    ['{{ .Unknown }}', /unknown field \.Unknown/],
    ['{{ .Data }}', /unknown field \.Data/],
    ['{{ .Token.length }}', /unknown field \.Token\.length/],
    ['{{ if .Data.language }}x{{ end }}', /only \{\{ if eq \.Field "text" \}\} is supported/],
    ['{{ if ne .Data.language "en" }}x{{ end }}', /only \{\{ if eq/],
    ['{{ if eq .Data.language "e\\"n" }}x{{ end }}', /only \{\{ if eq/],
    ['{{ if eq .Data.language "en" }}x', /line 1: \{\{ if \}\} without \{\{ end \}\}/],
    ['x\n{{ end }}', /line 2: \{\{ end \}\} without \{\{ if \}\}/],
    ['{{ else }}', /\{\{ else \}\} without \{\{ if \}\}/],
    [
      '{{ if eq .Data.a "1" }}{{ else }}{{ else if eq .Data.a "2" }}{{ end }}',
      /\{\{ else \}\} must be followed by \{\{ end \}\}/,
    ],
    ['{{ .Token', /unclosed \{\{/],
  ])('refuses %j when parsing', (text, message) => {
    expect(() => parse(text)).toThrow(TemplateError);
    expect(() => parse(text)).toThrow(message);
  });
});

describe('the plain-text part', () => {
  it('keeps paragraphs and no-break spaces, turns a link into its URL and decodes entities', () => {
    const html = `
<p>
  Suivez ce lien pour accepter
  l&#39;invitation :
</p>
<p><a href="http://x/verify?a=1&amp;b=2">Votre invitation</a></p>
<p>Ou saisissez ce code\u202f: <strong>123456</strong></p>
`;
    expect(htmlToText(html)).toBe(
      "Suivez ce lien pour accepter l'invitation :\n\nhttp://x/verify?a=1&b=2\n\n" +
        'Ou saisissez ce code\u202f: 123456\n',
    );
  });

  it.each([
    ['<div>x</div>', /<div> is not supported/],
    ['<p>x</p>y', /text outside a paragraph/],
    ['<p>x', /unclosed <p>/],
    ['<p><p>x</p></p>', /nested <p>/],
    ['<p class="a">x</p>', /<p> takes no attributes/],
    ['<p><a>x</a></p>', /exactly one href/],
    ['<p>&copy;</p>', /unknown entity &copy;/],
    ['<p>a < b</p>', /unexpected markup/],
  ])('refuses %j', (html, message) => {
    expect(() => htmlToText(html)).toThrow(PlainTextError);
    expect(() => htmlToText(html)).toThrow(message);
  });
});
