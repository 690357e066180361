/**
 * A form's submit button. While the request runs it says so and ignores presses through
 * aria-disabled: a disabled button would drop the keyboard focus.
 */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button
      type="submit"
      className="button-link button-link--primary form-card__submit"
      aria-disabled={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
