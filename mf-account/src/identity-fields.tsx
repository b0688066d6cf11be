import { DATE_MIN, DOCUMENT_LENGTH, DOCUMENT_TYPES, GENDERS, limaToday, type DocumentType, type IdentityFields } from '@rumbo/shared/schemas';
import { observer } from 'mobx-react-lite';
import { useTranslation, type FormState } from '@rumbo/shared';
import { SelectField, TextField } from './form-fields';

/** The identity every account carries (document, names, gender, birth date, phone). */
export interface IdentityValues extends IdentityFields {
  [field: string]: string | boolean;
}

export const BLANK_IDENTITY: IdentityValues = {
  tipo_doc: String(DOCUMENT_TYPES.DNI),
  num_doc: '',
  nombres: '',
  paterno: '',
  materno: '',
  sexo: '',
  fnacimiento: '',
  telefono: '',
};

export const documentLength = (tipo: string) => DOCUMENT_LENGTH[Number(tipo) as DocumentType] ?? DOCUMENT_LENGTH[DOCUMENT_TYPES.DNI];


export const DocumentFields = observer(function DocumentFields({
  form,
  id,
  onNumberBlur,
}: {
  form: FormState<IdentityValues>;
  id: string;
  onNumberBlur?: () => void;
}) {
  const { t } = useTranslation('account');
  const length = documentLength(String(form.values.tipo_doc));
  return (
    <>
      <SelectField
        form={form}
        id={id}
        name="tipo_doc"
        label={t('fields.tipo_doc')}
        options={Object.values(DOCUMENT_TYPES).map((code) => ({ value: String(code), label: t(`common:identity.documents.${code}`) }))}
      />
      <TextField
        form={form}
        id={id}
        name="num_doc"
        label={t('fields.num_doc')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={length}
        hint={t('hints.num_doc', { length })}
        onBlur={onNumberBlur}
      />
    </>
  );
});

export const PersonFields = observer(function PersonFields({ form, id }: { form: FormState<IdentityValues>; id: string }) {
  const { t } = useTranslation('account');
  return (
    <>
      <TextField form={form} id={id} name="nombres" label={t('fields.nombres')} autoComplete="given-name" />
      <TextField form={form} id={id} name="paterno" label={t('fields.paterno')} autoComplete="family-name" />
      <TextField form={form} id={id} name="materno" label={t('fields.materno')} autoComplete="off" />
      <SelectField
        form={form}
        id={id}
        name="sexo"
        label={t('fields.sexo')}
        placeholder={t('choose')}
        options={GENDERS.map((gender) => ({ value: gender, label: t(`common:identity.genders.${gender}`) }))}
      />
      <TextField form={form} id={id} name="fnacimiento" type="date" label={t('fields.fnacimiento')} autoComplete="bday" min={DATE_MIN} max={limaToday()} />
      <TextField form={form} id={id} name="telefono" type="tel" inputMode="numeric" label={t('fields.telefono')} autoComplete="tel" hint={t('common:identity.phoneHint')} />
    </>
  );
});
