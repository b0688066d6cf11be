import { type Language, LANGUAGES, setLanguage, useTranslation } from '@rumbo/shared';
import { NativeSelect } from '@rumbo/shared/ui';

/** Switches every text of the site at once, without a reload; the choice is kept. */
export function LanguageSelector({ id }: { id: string }) {
  const { t, i18n } = useTranslation('shell');
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        id={id}
        aria-label={t('language.label')}
        value={i18n.resolvedLanguage}
        onChange={(event) => void setLanguage(event.currentTarget.value as Language)}
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
