import { useTranslation } from 'react-i18next';
import type { GeneratorStatus, SettingProblem } from './api';

/** The function's settings, required ones first: the names only, never their values. */
const VARIABLES = [
  { name: 'GENERATOR_BASE_URL', required: true },
  { name: 'GENERATOR_MODEL', required: true },
  { name: 'GENERATOR_API_KEY', required: false },
  { name: 'GENERATOR_TIMEOUT_SECONDS', required: false },
] as const;

/**
 * Whether the generator can work: the model it uses, or, when it is not configured, the
 * variables to set and where they are described. Nothing is generated until then.
 */
export function GeneratorSettingsNotice({ status }: { status: GeneratorStatus }) {
  const { t } = useTranslation('adminGenerator');
  if (status.configured) {
    return <p className="generator-settings">{t('settings.ready', { model: status.model })}</p>;
  }
  const problemOf = (name: string): SettingProblem | undefined =>
    status.problems.find((problem) => problem.variable === name);
  return (
    <div className="generator-settings generator-settings--missing" role="note">
      <p className="generator-settings__title">{t('settings.missingTitle')}</p>
      <p>{t('settings.missingText')}</p>
      <ul className="generator-settings__variables">
        {VARIABLES.map(({ name, required }) => {
          const problem = problemOf(name);
          return (
            <li key={name}>
              <code>{name}</code> ({required ? t('settings.required') : t('settings.optional')}
              {problem && ` · ${t(`settings.${problem.problem}`)}`}){' '}
              {t(`settings.variables.${name}`)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
