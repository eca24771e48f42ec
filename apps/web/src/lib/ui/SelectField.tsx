import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A small select of a list's toolbar (its sort, or one of its filters): the options in order, with
 * `all` first as the empty value when the filter may be off. The lists' one way to write one.
 */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  all,
}: {
  label: string;
  value: V | '';
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  all?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      // A filter that may be off shows its "all" label while empty.
      {...(all !== undefined
        ? { slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } } }
        : {})}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
    >
      {all !== undefined && <MenuItem value="">{all}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
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
