import { atom } from 'jotai';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
}

/** How long a toast stays, and how many may show at once (older ones make room). */
export const TOAST_DURATION_MS = 4000;
export const MAX_VISIBLE_TOASTS = 3;

export const toastsAtom = atom<readonly Toast[]>([]);

let nextToastId = 1;

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export const showToastAtom = atom(null, (get, set, toast: { kind: ToastKind; message: string }) => {
  const id = nextToastId++;
  set(toastsAtom, [...get(toastsAtom), { id, ...toast }].slice(-MAX_VISIBLE_TOASTS));
  setTimeout(() => {
    set(dismissToastAtom, id);
  }, TOAST_DURATION_MS);
});
