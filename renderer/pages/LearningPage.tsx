import '../styles/learning.css';
import { useTranslation } from 'react-i18next';
import { AccountInvitation } from '../features/learning/AccountInvitation';
import { BadgeRule } from '../features/learning/BadgeRule';
import { useModuleList } from '../features/learning/hooks';
import { LearningProgressSummary } from '../features/learning/LearningProgressSummary';
import { ModuleCatalogue } from '../features/learning/ModuleCatalogue';
import { useModuleRecords } from '../features/learning/useModuleRecords';
import { LoadedData } from './parts/LoadedData';
import { PageHeading } from './parts/PageHeading';

export default function LearningPage() {
  const { t } = useTranslation('learning');
  const modules = useModuleList();
  const records = useModuleRecords();
  return (
    <article className="page learning-page">
      <PageHeading page="learning" />
      {records.learner !== 'signedIn' && (
        <AccountInvitation
          text={t('invitation.text')}
          link={t('invitation.link')}
          reserved={records.learner === 'unknown'}
        />
      )}
      <LearningProgressSummary />
      {/* The badge rule comes with the modules: shown alone first, it was pushed down the screen
          when they arrived (a layout shift of 0.45 at 375px). */}
      <LoadedData query={modules}>
        {(list) => (
          <>
            <ModuleCatalogue modules={list} records={records} />
            <BadgeRule />
          </>
        )}
      </LoadedData>
    </article>
  );
}
