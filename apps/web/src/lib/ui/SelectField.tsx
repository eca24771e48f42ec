import type { SxProps, Theme } from '@mui/material/styles';
import { TextInput } from './TextInput';
export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A small select of a list's toolbar (its sort, or one of its filters): the options in order, with
 * `all` first as the empty value when the filter may be off. The lists' one way to write one. A
 * native select (MUI's NativeSelect in an outlined field), not MUI's Select: a list's filter needs
 * no menu of its own, and the phone's own picker suits it better (issue 31, point 10).
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  all,
  sx,
}: {
  label: string;
  value: V | '';
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  all?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextInput
      select
      size="small"
      label={label}
      value={value}
      sx={sx}
      onChange={(event) => onChange(event.target.value as V)}
    >
      {all !== undefined && <option value="">{all}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextInput>
  );
}

/** The channels a bot list filters on. */
export const CHANNEL_OPTIONS: readonly SelectOption<'rcs' | 'whatsapp'>[] = [
  { value: 'rcs', label: 'RCS' },
  { value: 'whatsapp', label: 'WhatsApp' },
];

/** The carriers of the reference list as filter options (id as the value, name and country as the label). */
export function carrierOptions(
  items: readonly { carrier_id: number; carrier_name: string; country_id: string }[] | undefined,
): SelectOption<string>[] {
  return (items ?? []).map((item) => ({
    value: String(item.carrier_id),
    label: `${item.carrier_name} (${item.country_id})`,
  }));
}
