import { type Language, LANGUAGES, setLanguage, useTranslation } from '@rumbo/shared';
import { NativeSelect } from '@rumbo/shared/ui';
import { useState } from 'react';

/**
 * Switches every text of the site at once, without a reload; the choice is kept. The switch may
 * wait a moment for a screen still hydrating (`setLanguage`): meanwhile the select shows the
 * language chosen, not the one still on screen.
 */
export function LanguageSelector({ id }: { id: string }) {
  const { t, i18n } = useTranslation('shell');
  const [chosen, setChosen] = useState<Language>();
  const choose = (language: Language) => {
    setChosen(language);
    void setLanguage(language).finally(() => setChosen((current) => (current === language ? undefined : current)));
  };
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        id={id}
        aria-label={t('language.label')}
        value={chosen ?? i18n.resolvedLanguage}
        onChange={(event) => choose(event.currentTarget.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language === 'en-EN' ? 'en' : 'es'}>
            {t(`language.${language}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
