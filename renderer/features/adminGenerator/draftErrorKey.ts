import { BackendError } from '../../app/backendError';
import { adminErrorKey } from '../admin/adminErrorKey';

/**
 * What to tell the admin when saving, publishing or discarding a draft failed: the codes
 * admin_publish_draft and the draft's guard raise, else the admin area's common messages.
 */
export function draftErrorKey(
  error: unknown,
):
  | 'adminGenerator:errors.slugTaken'
  | 'adminGenerator:errors.notDraft'
  | 'adminGenerator:errors.invalidPayload'
  | `admin:${ReturnType<typeof adminErrorKey>}` {
  if (error instanceof BackendError) {
    if (error.code === '23505') return 'adminGenerator:errors.slugTaken';
    // PT409 (409 on PostgREST) since migration 20261128000002, 55000 before it.
    if (error.code === 'PT409' || error.code === '55000') return 'adminGenerator:errors.notDraft';
    if (error.code === '22023') return 'adminGenerator:errors.invalidPayload';
  }
  return `admin:${adminErrorKey(error)}`;
}
