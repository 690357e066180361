import './forms.css';
import type { ReactNode } from 'react';

/**
 * What became of a form's last action, next to the button that started it: progress and success
 * in a polite status region, a failure in an alert. Both regions stay in the page, empty when
 * there is nothing to say, so that screen readers announce what appears in them.
 */
export function ActionStatus({
  progress,
  success,
  failure,
}: {
  progress?: string | null | undefined;
  success?: ReactNode;
  failure?: ReactNode;
}) {
  return (
    <>
      <div role="status" className="form-status-region">
        {progress && <p className="form-status__progress">{progress}</p>}
        {success && <div className="form-status form-status--success">{success}</div>}
      </div>
      <div role="alert" className="form-status-region">
        {failure && <div className="form-status form-status--error">{failure}</div>}
      </div>
    </>
  );
}
