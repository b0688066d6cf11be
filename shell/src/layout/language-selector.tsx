import { type Language, LANGUAGES, setLanguage, useTranslation } from '@rumbo/shared';
import { NativeSelect } from '@rumbo/shared/ui';
import { useState } from 'react';
import { keepTypedAcrossLoad } from '../early-input';

/**
 * Switches the site's language: a navigation (`setLanguage`: the choice kept, in its storage key
 * and the cookie the server reads, and the same address loaded again, which the server renders in
 * it). What the customer typed in the page's forms is kept for the page loaded again
 * (`keepTypedAcrossLoad`); a purchase under way lives in session storage. Until the page goes, the
 * select shows the language chosen.
 */
export function LanguageSelector({ id }: { id: string }) {
  const { t, i18n } = useTranslation('shell');
  const [chosen, setChosen] = useState<Language>();
  const choose = (language: Language) => {
    setChosen(language);
    keepTypedAcrossLoad();
    setLanguage(language);
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
