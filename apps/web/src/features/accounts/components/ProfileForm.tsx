import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PROFILE_IMAGE_HINT, PROFILE_IMAGE_TYPES, profileImageProblem } from '@portico/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { useUpdatePartnerProfile } from '../api/update-partner-profile';

/** Names and profile image (multipart); disabled for the read-only user. */
export function ProfileForm({
  firstName,
  lastName,
  image,
  readOnly,
}: {
  firstName: string;
  lastName: string;
  image: string | null;
  readOnly: boolean;
}) {
  const [values, setValues] = useState({ firstName, lastName });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(image);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdatePartnerProfile();

  // A local preview (blob: URL) is released when replaced or when the form goes away.
  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    // The same check and message as the server's, before sending up to 5 MB for nothing.
    const problem = profileImageProblem(picked);
    if (problem) {
      setErrors((e) => ({ ...e, image: problem }));
      return;
    }
    setErrors(({ image: _cleared, ...rest }) => rest);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!values.firstName.trim()) next.firstName = 'First name is required.';
    if (!values.lastName.trim()) next.lastName = 'Last name is required.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { ...values, image: file },
      {
        onSuccess: ({ profileImage }) => {
          setFile(null);
          // Show what the server stored (resized, upright) rather than the local file.
          if (profileImage) setPreview(profileImage);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        {save.isSuccess && <Alert severity="success">Profile saved.</Alert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={preview ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {(values.firstName[0] ?? '?').toUpperCase()}
          </Avatar>
          <div>
            <Button variant="outlined" component="label" disabled={readOnly}>
              Choose a picture
              <input
                hidden
                type="file"
                accept={PROFILE_IMAGE_TYPES.join(',')}
                onChange={(e) => pick(e.target.files?.[0])}
              />
            </Button>
            <Typography
              variant="body2"
              sx={{ color: errors.image ? 'error.main' : 'text.secondary', mt: 0.5 }}
            >
              {errors.image ?? (file ? file.name : PROFILE_IMAGE_HINT)}
            </Typography>
          </div>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="First name"
            name="firstName"
            required
            fullWidth
            disabled={readOnly}
            value={values.firstName}
            onChange={(e) => setValues((v) => ({ ...v, firstName: e.target.value }))}
            error={Boolean(errors.firstName)}
            helperText={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            required
            fullWidth
            disabled={readOnly}
            value={values.lastName}
            onChange={(e) => setValues((v) => ({ ...v, lastName: e.target.value }))}
            error={Boolean(errors.lastName)}
            helperText={errors.lastName}
          />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={readOnly || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save profile'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
