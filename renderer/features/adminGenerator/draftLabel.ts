import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../../shared/catalog';
import type { Draft } from './api';
import { useTokenChoices } from './hooks';
import { SECTION_LABEL_KEY } from '../admin/sectionLabelKey';

/**
 * What a draft is about, in words: a term's title in the admin's language (else its slug), or
 * "<sheet name> · <section heading>".
 */
export function useDraftLabel(): (draft: Draft) => string {
  const { t, i18n } = useTranslation(['adminGenerator', 'tokens']);
  const tokens = useTokenChoices();
  return (draft) => {
    if (draft.kind === 'tokenSection') {
      const token = tokens.data?.find((choice) => choice.id === draft.tokenId);
      const section = draft.section === null ? '' : t(`tokens:${SECTION_LABEL_KEY[draft.section]}`);
      return `${token?.name ?? draft.tokenId ?? t('drafts.deletedSheet')} · ${section}`;
    }
    const payload = (draft.payload ?? {}) as {
      slug?: unknown;
      translations?: Record<string, { title?: unknown } | undefined>;
    };
    const language = isLanguage(i18n.language) ? i18n.language : 'fr';
    const title = payload.translations?.[language]?.title;
    if (typeof title === 'string' && title !== '') return title;
    return typeof payload.slug === 'string' ? payload.slug : draft.target;
  };
}
