import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { Footer } from '../../renderer/layout/Footer';
import { Illustration } from '../../renderer/layout/Illustration';
import { NoticePanel } from '../../renderer/pages/parts/NoticePanel';
import { startTestI18n } from './testI18n';

const NAMES = ['hero', 'empty', 'lost'] as const;
const files = import.meta.glob<string>('../../renderer/public/illustrations/*', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('illustrations', () => {
  it('are hidden from assistive technology and the focus order, and drawn from their file', () => {
    for (const name of NAMES) {
      const { container, unmount } = render(<Illustration name={name} className="art" />);
      const svg = container.querySelector('svg');
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.getAttribute('focusable')).toBe('false');
      expect(svg?.getAttribute('class')).toBe('illustration art');
      expect(svg?.querySelector('use')?.getAttribute('href')).toBe(
        `/illustrations/${name}.svg#art`,
      );
      unmount();
    }
  });

  it('are small drawings of shapes, painted with the theme’s custom properties only', () => {
    expect(Object.keys(files).sort()).toEqual(
      NAMES.map((name) => `../../renderer/public/illustrations/${name}.svg`).sort(),
    );
    for (const [file, source] of Object.entries(files)) {
      expect(source, file).toBeTruthy();
      expect(source.length).toBeLessThan(3 * 1024);
      expect(source).toContain('<symbol id="art"');
      // No text, font, picture, script or style sheet; no link but to the drawing itself.
      expect(source).not.toMatch(/<(text|image|script|style|foreignObject)\b|font|@import|url\(/);
      expect(source.match(/href="[^"]*"/g)).toEqual(['href="#art"']);
      // Colours come from the page (with the light theme's value as a fallback), so the drawing
      // follows the theme the visitor chose: no colour attribute, no colour of its own.
      expect(source).not.toMatch(/\s(fill|stroke|color|stop-color)="/);
      const colours = [...source.matchAll(/\b(?:fill|stroke):\s*([^;"]+)/g)].map(
        (match) => match[1]?.trim() ?? '',
      );
      expect(colours.length).toBeGreaterThan(5);
      for (const colour of colours) {
        expect(colour).toMatch(/^(none|var\(--[a-z-]+, #[0-9a-f]{3,6}\))$/);
      }
    }
  });

  it('mark an empty result, and only when asked', () => {
    const { container, rerender } = render(<NoticePanel message="No results" hint="Try again" />);
    expect(container.querySelector('svg')).toBeNull();
    rerender(<NoticePanel message="No results" hint="Try again" illustrated />);
    const note = screen.getByRole('note');
    expect(note.querySelector('use')?.getAttribute('href')).toBe('/illustrations/empty.svg#art');
    expect(note.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(note.textContent).toBe('No resultsTry again');
  });
});

describe('footer on phones', () => {
  beforeAll(async () => {
    await startTestI18n('en');
  });

  function renderFooter() {
    const router = createMemoryRouter([{ path: '/', element: <Footer /> }]);
    return render(<RouterProvider router={router} />);
  }

  it('opens each group with an antd chevron, hidden from assistive technology', () => {
    const { container } = renderFooter();
    const summaries = [...container.querySelectorAll('summary')];
    expect(summaries.map((summary) => summary.textContent)).toEqual([
      'Navigation',
      'Learn',
      'Legal and contact',
    ]);
    for (const summary of summaries) {
      const marker = summary.querySelector('.footer-accordion__marker');
      expect(marker?.getAttribute('aria-hidden')).toBe('true');
      expect(marker?.querySelector('.anticon-down svg')).not.toBeNull();
    }
  });

  it('gives the sections their icon, as the drawer does, and leaves the legal texts plain', () => {
    const { container } = renderFooter();
    const accordion = container.querySelector('.footer-accordion');
    const links = [...(accordion?.querySelectorAll('a') ?? [])];
    const iconed = links.filter((link) => link.querySelector('.footer-links__icon'));
    expect(iconed.map((link) => link.getAttribute('href'))).toEqual([
      '/dictionary',
      '/tokens',
      '/tools',
      '/faq',
      '/learning',
      '/strategies',
      '/risks',
      '/about',
      '/partners',
    ]);
    for (const link of iconed) {
      expect(link.querySelector('.footer-links__icon')?.getAttribute('aria-hidden')).toBe('true');
    }
    // The icon adds nothing to the link's name.
    expect(screen.getAllByRole('link', { name: 'Dictionary' })).toHaveLength(2);
  });
});
