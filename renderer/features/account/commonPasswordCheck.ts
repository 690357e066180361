// The common-password check of shared/commonPassword.ts, in a chunk of its own: its list weighs
// 40 KB gzipped, so it is fetched the first time someone types a new password (PasswordCriteria
// asks for it), and no page pays for it before. Until it has arrived, or if it cannot be
// fetched, the form lets the password through and the stack's own check answers.

let check: ((password: string) => boolean) | undefined;
let loading: Promise<void> | undefined;

/** Fetches the check once; a failed fetch is tried again at the next call. */
export function loadCommonPasswordCheck(): Promise<void> {
  loading ??= import('../../../shared/commonPassword').then(
    (module) => {
      check = module.isCommonPassword;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** Whether the password is a common one, as far as the check has arrived (false before). */
export function isKnownCommonPassword(password: string): boolean {
  return check?.(password) ?? false;
}
