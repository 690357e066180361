import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentDescription } from './parts/useDocumentDescription';
import { useDocumentTitle } from './parts/useDocumentTitle';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** React Router's error element: a page that failed to render, with what went wrong. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // The failed page's own title and description must not stay on what replaced it.
  useDocumentTitle(t('routeError.title'));
  useDocumentDescription(t('routeError.text'));
  return (
    <article className="page route-error" role="alert">
      <h1 className="page-heading__title">{t('routeError.title')}</h1>
      <p className="route-error__detail">
        <code>{describe(error)}</code>
      </p>
      <p>{t('routeError.text')}</p>
      <p className="route-error__actions">
        <button
          type="button"
          className="button-link button-link--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('routeError.reload')}
        </button>
        <a href="/" className="button-link">
          {t('routeError.home')}
        </a>
      </p>
    </article>
  );
}
