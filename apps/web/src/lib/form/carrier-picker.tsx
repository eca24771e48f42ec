import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { TextInput } from '@/lib/ui/TextInput';
import { allCarriersQueryOptions, countriesQueryOptions } from '../queries/reference-data';
import type { Bound } from './bound';

/**
 * The carriers a bot or a brand is for, bound to a list of carrier ids: a country to browse by, that
 * country's carriers as checkboxes, and the chosen ones (of every country) named below. One picker
 * for the bot's carrier step and both brand forms.
 */
export function FormCarrierPicker<V extends FieldValues, T extends FieldValues>({
  control,
  name,
  legend,
  countryLabel,
  initialCountry,
  emptyHint,
  legendSx = { typography: 'h2' },
}: Bound<V, T> & {
  legend: string;
  countryLabel: string;
  /** The country shown first (the first chosen carrier's, the partner's region's). */
  initialCountry: string;
  /** What the help line says while nothing is chosen. */
  emptyHint: string;
  legendSx?: SxProps<Theme>;
}) {
  const countries = useQuery(countriesQueryOptions);
  const carriers = useQuery(allCarriersQueryOptions);
  const chosen = useController({ control, name });
  const chosenIds = (chosen.field.value ?? []) as number[];
  const [country, setCountry] = useState(initialCountry);
  const all = carriers.data?.items ?? [];
  const inCountry = all.filter((carrier) => carrier.country_id === country);
  const chosenNames = all.filter((carrier) => chosenIds.includes(carrier.carrier_id));
  const error = chosen.fieldState.error?.message;

  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ width: '100%' }}>
      <FormLabel
        component="legend"
        sx={[{ color: 'text.primary', mb: 1 }, ...(Array.isArray(legendSx) ? legendSx : [legendSx])]}
      >
        {legend}
      </FormLabel>
      <TextInput
        select
        size="small"
        label={countryLabel}
        value={country}
        onChange={(event) => setCountry(event.target.value)}
        sx={{ maxWidth: 320, mb: 1 }}
      >
        {(countries.data?.items ?? []).map((item) => (
          <option key={item.country_id} value={item.country_id}>
            {item.name}
          </option>
        ))}
      </TextInput>
      <FormGroup row>
        {inCountry.map((carrier) => (
          <FormControlLabel
            key={carrier.carrier_id}
            label={carrier.carrier_name}
            control={
              <Checkbox
                checked={chosenIds.includes(carrier.carrier_id)}
                onChange={(event) =>
                  chosen.field.onChange(
                    event.target.checked
                      ? [...chosenIds, carrier.carrier_id]
                      : chosenIds.filter((id) => id !== carrier.carrier_id),
                  )
                }
              />
            }
          />
        ))}
        {inCountry.length === 0 && carriers.isSuccess && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            No carriers in this country yet.
          </Typography>
        )}
      </FormGroup>
      {/* The darker shade keeps AA contrast on the page's background. */}
      <FormHelperText sx={error ? { color: 'error.dark' } : undefined}>
        {error ??
          (chosenNames.length > 0
            ? `Chosen: ${chosenNames.map((c) => `${c.carrier_name} (${c.country_id})`).join(', ')}`
            : emptyHint)}
      </FormHelperText>
    </FormControl>
  );
}
