import { getDefaultNormalizer, render, renderHook, screen, waitFor } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../shared/commonPassword';
import { COMMON_PASSWORDS } from '../../shared/commonPasswordList';
import { unmetPasswordCriteria } from '../../shared/password';
import { classifyAuthError } from '../../renderer/features/account/authProblem';
import { AuthProblemText } from '../../renderer/features/account/AuthProblemText';
import { isKnownCommonPassword } from '../../renderer/features/account/commonPasswordCheck';
import { PasswordCriteria } from '../../renderer/features/account/PasswordCriteria';
import { usePasswordError } from '../../renderer/features/account/usePasswordError';
import type { Language } from '../../renderer/i18n/languages';
import enAccount from '../../renderer/i18n/locales/en/account.json';
import esAccount from '../../renderer/i18n/locales/es/account.json';
import frAccount from '../../renderer/i18n/locales/fr/account.json';

const ACCOUNT = { fr: frAccount, en: enAccount, es: esAccount } as const;

async function i18nIn(language: Language): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { account: ACCOUNT[language] } },
    defaultNS: 'account',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

const inI18n = (instance: i18n) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
  };

describe('the common passwords', () => {
  it('are 10,000, in lower case, each once', () => {
    const list = COMMON_PASSWORDS.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.filter((entry) => entry !== entry.toLowerCase())).toEqual([]);
  });

  it.each(['Passw0rd!', 'Qwerty1!', 'Password1!', 'Summer2024!', '!Iloveyou1', 'P@ssw0rd'])(
    'refuse %s, which meets the character rule',
    (password) => {
      expect(unmetPasswordCriteria(password)).toEqual([]);
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Sesame#2026ok', 'Blockademia1!', 'Admin-pass1!', 'Tr0ub4dor&3x'])(
    'let %s through',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

describe('a common password in the account forms', () => {
  it('is what a weak_password answer with the pwned reason means', () => {
    const answer = { code: 'weak_password', status: 422 };
    expect(classifyAuthError({ ...answer, reasons: ['pwned'] })).toEqual({
      kind: 'commonPassword',
    });
    expect(classifyAuthError({ ...answer, reasons: ['characters', 'pwned'] })).toEqual({
      kind: 'commonPassword',
    });
    expect(classifyAuthError({ ...answer, reasons: ['characters'] })).toEqual({
      kind: 'weakPassword',
    });
  });

  it.each(['fr', 'en', 'es'] as const)(
    'is explained in %s when the stack refuses it',
    async (language) => {
      const instance = await i18nIn(language);
      render(<AuthProblemText problem={{ kind: 'commonPassword' }} />, {
        wrapper: inI18n(instance),
      });
      // Kept as written: folding white space would turn French no-break spaces into plain ones.
      const asWritten = getDefaultNormalizer({ collapseWhitespace: false });
      expect(
        screen.getByText(ACCOUNT[language].problems.commonPassword, { normalizer: asWritten }),
      ).toBeTruthy();
      expect(ACCOUNT[language].problems.commonPassword).not.toBe(
        ACCOUNT[language].problems.weakPassword,
      );
    },
  );

  it('is refused by the form once typing a new password has fetched the check', async () => {
    const instance = await i18nIn('en');
    const wrapper = inI18n(instance);
    const { result } = renderHook(() => usePasswordError(), { wrapper });
    // Before anyone types a new password, the list is not fetched: the stack's check answers.
    expect(isKnownCommonPassword('Passw0rd!')).toBe(false);
    expect(result.current('Passw0rd!')).toBeUndefined();

    const criteria = render(<PasswordCriteria id="criteria" password="" />, { wrapper });
    criteria.rerender(<PasswordCriteria id="criteria" password="P" />);
    await waitFor(() => {
      expect(isKnownCommonPassword('Passw0rd!')).toBe(true);
    });

    expect(result.current('Passw0rd!')).toBe(enAccount.errors.passwordCommon);
    expect(result.current('Qwerty1!')).toBe(enAccount.errors.passwordCommon);
    expect(result.current('qwerty')).toBe(enAccount.errors.passwordWeak);
    expect(result.current('Sesame#2026ok')).toBeUndefined();
  });
});
