import { Link, useTranslation } from '@rumbo/shared';
import { Box, Container, PageTitle, TitledText } from '@rumbo/shared/ui';

interface Clause {
  title: string;
  body: string;
}

/** `/carga/clausulas`: the conditions of the cargo service. */
export default function ClausesPage() {
  const { t } = useTranslation('cargo');
  const clauses = t('clauses.items', { returnObjects: true }) as unknown as Clause[];
  return (
    <Container as="article" maxW="3xl" py={{ base: '8', md: '12' }} aria-labelledby="clauses-title">
      <PageTitle titleId="clauses-title" title={t('clauses.title')} lead={t('clauses.lead')} mb="8" />
      <Box as="ol" ps="6" listStyleType="decimal">
        {clauses.map((clause) => (
          <TitledText as="li" key={clause.title} mb="6" title={clause.title} textProps={{ lineHeight: '1.7' }}>
            {clause.body}
          </TitledText>
        ))}
      </Box>
      <Link to="/cargo" color="brand.fg" textDecoration="underline">
        {t('service.eyebrow')}
      </Link>
    </Container>
  );
}
