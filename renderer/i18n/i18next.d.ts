import 'i18next';
import type common from './locales/fr/common.json';
import type pages from './locales/fr/pages.json';
import type home from './locales/fr/home.json';
import type strategies from './locales/fr/strategies.json';
import type risks from './locales/fr/risks.json';
import type faq from './locales/fr/faq.json';
import type about from './locales/fr/about.json';
import type legal from './locales/fr/legal.json';
import type dictionary from './locales/fr/dictionary.json';
import type tokens from './locales/fr/tokens.json';
import type contact from './locales/fr/contact.json';
import type partners from './locales/fr/partners.json';
import type tools from './locales/fr/tools.json';
import type account from './locales/fr/account.json';
import type profile from './locales/fr/profile.json';
import type learning from './locales/fr/learning.json';
import type admin from './locales/fr/admin.json';
import type adminTerms from './locales/fr/adminTerms.json';
import type adminTokens from './locales/fr/adminTokens.json';
import type adminPeople from './locales/fr/adminPeople.json';
import type adminGenerator from './locales/fr/adminGenerator.json';

// French is the default language, so its files define the keys every language must have.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      pages: typeof pages;
      home: typeof home;
      strategies: typeof strategies;
      risks: typeof risks;
      faq: typeof faq;
      about: typeof about;
      legal: typeof legal;
      dictionary: typeof dictionary;
      tokens: typeof tokens;
      contact: typeof contact;
      partners: typeof partners;
      tools: typeof tools;
      account: typeof account;
      profile: typeof profile;
      learning: typeof learning;
      admin: typeof admin;
      adminTerms: typeof adminTerms;
      adminTokens: typeof adminTokens;
      adminPeople: typeof adminPeople;
      adminGenerator: typeof adminGenerator;
    };
  }
}
