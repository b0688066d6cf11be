import { Heading } from '@rumbo/shared/ui';
import { useTranslation } from 'react-i18next';

export function Root() {
  const { t } = useTranslation('content');
  return <Heading as="h1">{t('home.title')}</Heading>;
}
