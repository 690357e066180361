import { describe, expect, it } from 'vitest';
import { BackendError } from '../../renderer/app/backendError';
import { draftErrorKey } from '../../renderer/features/adminGenerator/draftErrorKey';

// What the generator's review tells the admin when a draft cannot be saved or published.

describe('draft errors', () => {
  it('names the draft cases, and leaves the rest to the admin area', () => {
    expect(draftErrorKey(new BackendError('taken', '23505'))).toBe(
      'adminGenerator:errors.slugTaken',
    );
    for (const code of ['PT409', '55000']) {
      expect(draftErrorKey(new BackendError('no longer a draft', code))).toBe(
        'adminGenerator:errors.notDraft',
      );
    }
    expect(draftErrorKey(new BackendError('bad payload', '22023'))).toBe(
      'adminGenerator:errors.invalidPayload',
    );
    expect(draftErrorKey(new BackendError('gone', 'PT404'))).toBe('admin:errors.notFound');
    expect(draftErrorKey(new BackendError('no', '42501'))).toBe('admin:errors.forbidden');
  });
});
