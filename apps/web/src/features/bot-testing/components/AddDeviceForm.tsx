import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type TTestBot, ZTestDeviceRequest } from '@portico/domain';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { useAddDevice } from '../api/bot-testing';

const CHANNEL_LABELS = { rcs: 'RCS', whatsapp: 'WhatsApp' } as const;

/** Adds a test device: a number in international format, on one of the bot's registered channels. */
export function AddDeviceForm({ bot, onAdded }: { bot: TTestBot; onAdded: (deviceId: string) => void }) {
  const add = useAddDevice(bot.bot_id);
  const form = useZodForm(ZTestDeviceRequest, { msisdn: '', channel: bot.testable[0] ?? 'rcs' });
  const submit = form.submitWith((body) =>
    add.mutate(body, {
      onSuccess: (device) => {
        form.reset({ msisdn: '', channel: body.channel });
        onAdded(device.device_id);
      },
      onError: (error) => form.showServerError(error),
    }),
  );
  if (bot.testable.length === 0) return null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Add a test device"
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <FormErrorAlert message={form.formError} />
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 140px auto', lg: 'minmax(0, 1fr) 150px' },
        }}
      >
        <FormTextField
          control={form.control}
          name="msisdn"
          label="Phone number"
          size="small"
          placeholder="+919876543210"
          helperText={bot.invites_testers ? 'RCS numbers get a tester invite.' : 'International format.'}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
        />
        <FormSelectField control={form.control} name="channel" label="Channel" size="small">
          {bot.testable.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </FormSelectField>
        <Button
          type="submit"
          variant="contained"
          disabled={add.isPending}
          sx={{ alignSelf: 'start', mt: { sm: 0.25 } }}
        >
          {add.isPending ? 'Adding…' : 'Add device'}
        </Button>
      </Box>
    </Box>
  );
}
