import { useState } from 'react';
import { LoadedData } from '../../pages/parts/LoadedData';
import type { Draft } from './api';
import { DraftList } from './DraftList';
import { DraftReview } from './DraftReview';
import { GenerateForm } from './GenerateForm';
import { GeneratorSettingsNotice } from './GeneratorSettingsNotice';
import { useGeneratorStatus } from './hooks';

/**
 * The generator: its settings first (nothing can be sent until they are complete), the form
 * that asks for a draft, the drafts, and the review of the one being read.
 */
export function ContentGenerator() {
  const status = useGeneratorStatus();
  const [open, setOpen] = useState<Draft | null>(null);
  return (
    <LoadedData query={status}>
      {(settings) => (
        <>
          <GeneratorSettingsNotice status={settings} />
          <GenerateForm enabled={settings.configured} onGenerated={setOpen} />
          {open !== null && (
            <DraftReview
              key={open.id}
              draft={open}
              onClose={() => {
                setOpen(null);
              }}
            />
          )}
          <DraftList openId={open?.id ?? null} onOpen={setOpen} />
        </>
      )}
    </LoadedData>
  );
}
