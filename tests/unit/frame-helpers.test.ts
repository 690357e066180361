import { describe, expect, it } from 'vitest';
import { avatarInitial } from '../../renderer/layout/UserAvatar';
import { readBackendConfig } from '../../renderer/session/backendConfig';
import { DEFAULT_BACKEND_URL } from '../../shared/defaultBackendUrl';
import {
  DRAWER_LINKS,
  FOOTER_GROUPS,
  NOT_FOUND_SUGGESTIONS,
  PRIMARY_LINKS,
  RESOURCE_LINKS,
  TAB_BAR_LINKS,
} from '../../renderer/layout/navigation';
import { ROUTES } from '../../renderer/app/routeTable';

describe('avatar initial', () => {
  it('is the uppercased first letter of the email, or U', () => {
    expect(avatarInitial('alice@example.org')).toBe('A');
    expect(avatarInitial('  éloïse@example.org')).toBe('É');
    expect(avatarInitial(null)).toBe('U');
    expect(avatarInitial('')).toBe('U');
  });
});

describe('backend configuration', () => {
  it('is absent without an anon key, so accounts say they are unavailable', () => {
    expect(readBackendConfig({} as ImportMetaEnv)).toBeNull();
    expect(readBackendConfig({ VITE_SUPABASE_ANON_KEY: '  ' } as ImportMetaEnv)).toBeNull();
  });

  it('uses the local stack address unless a URL is given', () => {
    expect(readBackendConfig({ VITE_SUPABASE_ANON_KEY: 'k' } as ImportMetaEnv)).toEqual({
      url: DEFAULT_BACKEND_URL,
      anonKey: 'k',
    });
    expect(
      readBackendConfig({
        VITE_SUPABASE_ANON_KEY: 'k',
        VITE_SUPABASE_URL: 'https://x.supabase.co',
      } as ImportMetaEnv),
    ).toEqual({ url: 'https://x.supabase.co', anonKey: 'k' });
    // A blank line in .env is no address: the build, its policy and the desktop app all agree.
    expect(
      readBackendConfig({ VITE_SUPABASE_ANON_KEY: 'k', VITE_SUPABASE_URL: ' ' } as ImportMetaEnv),
    ).toEqual({ url: DEFAULT_BACKEND_URL, anonKey: 'k' });
  });
});

describe('navigation', () => {
  const known = new Set(ROUTES.map((route) => route.path));
  const paths = (links: readonly { to: string }[]) => links.map((link) => link.to);

  it('points every menu at a real route', () => {
    const all = [
      ...DRAWER_LINKS,
      ...TAB_BAR_LINKS,
      ...NOT_FOUND_SUGGESTIONS,
      ...FOOTER_GROUPS.flatMap((group) => group.links),
    ];
    for (const link of all) expect(known.has(link.to), link.to).toBe(true);
  });

  it('has the menus the frame promises', () => {
    expect(paths(PRIMARY_LINKS)).toEqual([
      '/',
      '/dictionary',
      '/tokens',
      '/learning',
      '/strategies',
    ]);
    expect(paths(RESOURCE_LINKS)).toEqual(['/tools', '/faq', '/risks']);
    expect(paths(TAB_BAR_LINKS)).toEqual(['/', '/dictionary', '/tokens', '/learning', '/tools']);
    expect(paths(NOT_FOUND_SUGGESTIONS)).toEqual(['/tokens', '/dictionary', '/tools', '/faq']);
    expect(paths(DRAWER_LINKS)).toEqual(expect.arrayContaining(['/about', '/contact']));
  });
});
