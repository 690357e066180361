import '../../styles/catalog.css';
import '../../styles/content.css';
import { Suspense, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/catalog';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { providerPage, TOKEN_ID } from '../../../shared/content/tokenRules';
import type { TokenTexts } from '../tokens/api';
import { SheetContent } from '../tokens/SheetContent';
import { TokenIcon } from '../tokens/TokenIcon';
import { listItems, type SheetFormValues } from './sheetForm';

/** The texts of one language as the public page reads them from the database. */
function textsOf(values: SheetFormValues, language: Language): TokenTexts {
  const typed = values.texts[language];
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    about: text(typed.about),
    quickSummary: text(typed.quick_summary),
    history: text(typed.history),
    technology: text(typed.technology),
    useCases: listItems(typed.use_cases),
    ecosystem: text(typed.ecosystem),
    strengths: listItems(typed.strengths),
    challenges: listItems(typed.challenges),
    howToBuy: text(typed.how_to_buy),
    howToStore: text(typed.how_to_store),
    commonMistakes: listItems(typed.common_mistakes),
  };
}

/** The sheet's heading and content, in the preview's own translations. */
function PreviewSheet({
  values,
  iconUrl,
  language,
}: {
  values: SheetFormValues;
  iconUrl: string | null;
  language: Language;
}) {
  const { t } = useTranslation('tokens');
  const id = values.id.trim();
  const rank = values.rank.trim();
  const whitepaper = values.whitepaper.trim();
  const website = values.website.trim();
  return (
    <div className="admin-sheet__preview catalog-page token-page" lang={language}>
      <div className="page-heading token-heading">
        {(iconUrl !== null || TOKEN_ID.test(id)) && (
          <TokenIcon id={id} uploaded={iconUrl} size={48} />
        )}
        <div className="token-heading__text">
          <p className="page-heading__title">{values.name}</p>
          <p className="page-heading__intro">
            {/^\d+$/.test(rank)
              ? t('sheet.symbolRank', { symbol: values.symbol, rank: Number(rank) })
              : values.symbol}
          </p>
        </div>
      </div>
      <SheetContent
        texts={textsOf(values, language)}
        addresses={{
          websiteUrl: website === '' ? null : website,
          whitepaperUrl: whitepaper === '' ? null : whitepaper,
          providerUrl: TOKEN_ID.test(id) ? providerPage(id) : null,
        }}
        lastReviewed={values.lastReviewed.trim() === '' ? null : values.lastReviewed}
        language={language}
      />
    </div>
  );
}

/**
 * The sheet as its public page shows it (the same SheetContent), from the values typed so far,
 * in the language the admin picks. Hidden until asked for: it re-renders at every keystroke.
 */
export function SheetPreview({
  idPrefix,
  values,
  iconUrl,
}: {
  idPrefix: string;
  values: SheetFormValues;
  /** The uploaded or picked icon to show, when there is one. */
  iconUrl: string | null;
}) {
  const { t, i18n } = useTranslation(['adminTokens', 'tokens']);
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState<Language>('fr');
  // The headings in the language of the texts, as the public page shows them to its reader.
  const previewI18n = useMemo(() => i18n.cloneInstance({ lng: language }), [i18n, language]);
  const titleId = `${idPrefix}-preview-title`;
  const regionId = `${idPrefix}-preview`;
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-section__title">
        {t('editor.preview.title')}
      </h3>
      <button
        type="button"
        className="button-link"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        {open ? t('editor.preview.hide') : t('editor.preview.show')}
      </button>
      <div id={regionId} hidden={!open}>
        {open && (
          <>
            <p className="form-field__hint">{t('editor.preview.note')}</p>
            <div
              className="admin-sheet__preview-languages"
              role="group"
              aria-label={t('editor.preview.language')}
            >
              {LANGUAGES.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="button-link"
                  aria-pressed={option === language}
                  lang={option}
                  onClick={() => {
                    setLanguage(option);
                  }}
                >
                  {LANGUAGE_NAMES[option]}
                </button>
              ))}
            </div>
            <I18nextProvider i18n={previewI18n}>
              <Suspense fallback={<p className="form-field__hint">…</p>}>
                <PreviewSheet values={values} iconUrl={iconUrl} language={language} />
              </Suspense>
            </I18nextProvider>
          </>
        )}
      </div>
    </section>
  );
}
