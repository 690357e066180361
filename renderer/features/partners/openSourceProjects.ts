import type partners from '../../i18n/locales/fr/partners.json';

/**
 * The open-source projects the partners page credits, by group. Each entry names the npm packages
 * it stands for: tests/unit/partners.test.ts checks that they are in package.json and that the
 * licence written here is the one the installed package declares, so the page follows the code.
 */

/** The project's own licence, as package.json declares it (checked by the same test). */
export const PROJECT_LICENSE = 'MIT';

/** SPDX identifiers of the licences met so far; a new one must be added here on purpose. */
export type SpdxLicense = 'MIT' | 'MIT-0' | 'Apache-2.0' | 'MPL-2.0';

export type ProjectKey = keyof (typeof partners)['projects'];
export type GroupKey = keyof (typeof partners)['openSource']['groups'];

export interface OpenSourceProject {
  /** Its one-line role in Blockademia: `partners:projects.<key>`. */
  readonly key: ProjectKey;
  /** The project's own name, the same in every language. */
  readonly name: string;
  readonly packages: readonly [string, ...string[]];
  readonly license: SpdxLicense;
  /** The project's public home page. */
  readonly url: string;
}

export interface ProjectGroup {
  readonly key: GroupKey;
  readonly projects: readonly OpenSourceProject[];
}

export const OPEN_SOURCE_GROUPS: readonly ProjectGroup[] = [
  {
    key: 'interface',
    projects: [
      {
        key: 'react',
        name: 'React',
        packages: ['react', 'react-dom'],
        license: 'MIT',
        url: 'https://react.dev/',
      },
      {
        key: 'reactRouter',
        name: 'React Router',
        packages: ['react-router-dom'],
        license: 'MIT',
        url: 'https://reactrouter.com/',
      },
      {
        key: 'antd',
        name: 'Ant Design',
        packages: ['antd'],
        license: 'MIT',
        url: 'https://ant.design/',
      },
      {
        key: 'i18next',
        name: 'i18next, react-i18next',
        packages: ['i18next', 'react-i18next'],
        license: 'MIT',
        url: 'https://www.i18next.com/',
      },
      {
        key: 'tanstackQuery',
        name: 'TanStack Query',
        packages: ['@tanstack/react-query'],
        license: 'MIT',
        url: 'https://tanstack.com/query',
      },
      {
        key: 'jotai',
        name: 'Jotai',
        packages: ['jotai'],
        license: 'MIT',
        url: 'https://jotai.org/',
      },
      {
        key: 'jspdf',
        name: 'jsPDF',
        packages: ['jspdf'],
        license: 'MIT',
        url: 'https://github.com/parallax/jsPDF',
      },
      {
        key: 'valibot',
        name: 'Valibot',
        packages: ['valibot'],
        license: 'MIT',
        url: 'https://valibot.dev/',
      },
    ],
  },
  {
    key: 'backend',
    projects: [
      {
        key: 'supabaseJs',
        name: 'supabase-js',
        packages: ['@supabase/supabase-js'],
        license: 'MIT',
        url: 'https://github.com/supabase/supabase-js',
      },
      {
        key: 'pglite',
        name: 'PGlite',
        packages: ['@electric-sql/pglite'],
        license: 'Apache-2.0',
        url: 'https://pglite.dev/',
      },
      {
        key: 'pg',
        name: 'node-postgres',
        packages: ['pg'],
        license: 'MIT',
        url: 'https://node-postgres.com/',
      },
      {
        key: 'nodemailer',
        name: 'Nodemailer',
        packages: ['nodemailer'],
        license: 'MIT-0',
        url: 'https://nodemailer.com/',
      },
      {
        key: 'node',
        name: 'Node.js',
        packages: ['node'],
        license: 'MIT',
        url: 'https://nodejs.org/',
      },
    ],
  },
  {
    key: 'desktop',
    projects: [
      {
        key: 'electron',
        name: 'Electron',
        packages: ['electron'],
        license: 'MIT',
        url: 'https://www.electronjs.org/',
      },
      {
        key: 'electronStore',
        name: 'electron-store',
        packages: ['electron-store'],
        license: 'MIT',
        url: 'https://github.com/sindresorhus/electron-store',
      },
      {
        key: 'electronBuilder',
        name: 'electron-builder',
        packages: ['electron-builder'],
        license: 'MIT',
        url: 'https://www.electron.build/',
      },
      {
        key: 'vitePluginElectron',
        name: 'vite-plugin-electron',
        packages: ['vite-plugin-electron'],
        license: 'MIT',
        url: 'https://github.com/electron-vite/vite-plugin-electron',
      },
    ],
  },
  {
    key: 'tooling',
    projects: [
      {
        key: 'vite',
        name: 'Vite',
        packages: ['vite', '@vitejs/plugin-react'],
        license: 'MIT',
        url: 'https://vite.dev/',
      },
      {
        key: 'typescript',
        name: 'TypeScript',
        packages: ['typescript'],
        license: 'Apache-2.0',
        url: 'https://www.typescriptlang.org/',
      },
      {
        key: 'vitest',
        name: 'Vitest',
        packages: ['vitest'],
        license: 'MIT',
        url: 'https://vitest.dev/',
      },
      {
        key: 'testingLibrary',
        name: 'Testing Library',
        packages: ['@testing-library/react'],
        license: 'MIT',
        url: 'https://testing-library.com/',
      },
      {
        key: 'jsdom',
        name: 'jsdom',
        packages: ['jsdom'],
        license: 'MIT',
        url: 'https://github.com/jsdom/jsdom',
      },
      {
        key: 'fastCheck',
        name: 'fast-check',
        packages: ['fast-check'],
        license: 'MIT',
        url: 'https://fast-check.dev/',
      },
      {
        key: 'playwright',
        name: 'Playwright',
        packages: ['@playwright/test'],
        license: 'Apache-2.0',
        url: 'https://playwright.dev/',
      },
      {
        key: 'axe',
        name: 'axe-core',
        packages: ['@axe-core/playwright'],
        license: 'MPL-2.0',
        url: 'https://github.com/dequelabs/axe-core-npm',
      },
      {
        key: 'smtpServer',
        name: 'smtp-server',
        packages: ['smtp-server'],
        license: 'MIT-0',
        url: 'https://nodemailer.com/extras/smtp-server/',
      },
      {
        key: 'eslint',
        name: 'ESLint',
        packages: ['eslint', '@eslint/js', 'eslint-plugin-react-hooks'],
        license: 'MIT',
        url: 'https://eslint.org/',
      },
      {
        key: 'typescriptEslint',
        name: 'typescript-eslint',
        packages: ['typescript-eslint'],
        license: 'MIT',
        url: 'https://typescript-eslint.io/',
      },
      {
        key: 'prettier',
        name: 'Prettier',
        packages: ['prettier'],
        license: 'MIT',
        url: 'https://prettier.io/',
      },
    ],
  },
  {
    key: 'icons',
    projects: [
      {
        key: 'antdIcons',
        name: 'Ant Design Icons',
        packages: ['@ant-design/icons'],
        license: 'MIT',
        url: 'https://ant.design/components/icon',
      },
      {
        // The sheets' logos are copied from @web3icons/core by scripts/bundle-token-icons.ts,
        // which finds them through @web3icons/common's list of CoinGecko ids.
        key: 'web3icons',
        name: 'web3icons',
        packages: ['@web3icons/core', '@web3icons/common'],
        license: 'MIT',
        url: 'https://web3icons.io/',
      },
    ],
  },
];
