import '../styles/catalog.css';
import '../styles/content.css';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { FavoriteStar } from '../features/favorites/FavoriteStar';
import { useFavorites } from '../features/favorites/useFavorites';
import { useMarketUpdates } from '../features/market/useMarketUpdates';
import { useNow } from '../features/market/useNow';
import type { TokenSheet } from '../features/tokens/api';
import { useTokenSheet } from '../features/tokens/hooks';
import { MarketPanel } from '../features/tokens/MarketPanel';
import { SheetContent } from '../features/tokens/SheetContent';
import { TokenIcon } from '../features/tokens/TokenIcon';
import type { Language } from '../i18n/languages';
import NotFoundPage from './NotFoundPage';
import { LoadedData } from './parts/LoadedData';
import { NotAdviceNotice } from './parts/NotAdviceNotice';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

function Sheet({ sheet }: { sheet: TokenSheet }) {
  const { t, i18n } = useTranslation('tokens');
  const language = i18n.language as Language;
  const texts = sheet.texts[language] ?? sheet.texts.fr;
  const favorites = useFavorites();
  const now = useNow();
  useDocumentTitle(sheet.name);
  useDocumentDescription(texts?.quickSummary);
  return (
    <SheetContent
      texts={texts}
      addresses={sheet}
      lastReviewed={sheet.lastReviewed}
      language={language}
      head={
        <>
          <p className="term-page__back">
            <Link to="/tokens">{t('sheet.backToList')}</Link>
          </p>
          <header className="page-heading token-heading">
            <TokenIcon id={sheet.id} uploaded={sheet.iconUrl} size={48} />
            <div className="token-heading__text">
              <h1 className="page-heading__title">{sheet.name}</h1>
              <p className="page-heading__intro">
                {sheet.rank === null
                  ? sheet.symbol
                  : t('sheet.symbolRank', { symbol: sheet.symbol, rank: sheet.rank })}
              </p>
            </div>
            <FavoriteStar
              id={sheet.id}
              name={sheet.name}
              on={favorites.isFavorite(sheet.id)}
              onToggle={favorites.toggle}
            />
          </header>
          <NotAdviceNotice />
          <MarketPanel market={sheet.market} symbol={sheet.symbol} now={now} />
        </>
      }
    />
  );
}

export default function TokenDetailPage() {
  const { id = '' } = useParams();
  useMarketUpdates();
  const sheet = useTokenSheet(id);
  if (sheet.isSuccess && sheet.data === null) return <NotFoundPage />;
  return (
    <article className="page page--outlined catalog-page token-page">
      <LoadedData query={sheet}>{(data) => data && <Sheet sheet={data} />}</LoadedData>
    </article>
  );
}
