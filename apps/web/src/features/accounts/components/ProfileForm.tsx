import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PROFILE_IMAGE_HINT,
  PROFILE_IMAGE_TYPES,
  profileImageProblem,
  ZProfileUpdateRequest,
} from '@portico/domain';
import { useEffect, useState } from 'react';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { useUpdatePartnerProfile } from '../api/update-partner-profile';

/** Names and profile image (multipart); disabled for those who may not update their profile. */
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
  const form = useZodForm(ZProfileUpdateRequest, { firstName, lastName });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(image);
  const [imageError, setImageError] = useState<string | null>(null);
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
    setImageError(problem);
    if (problem) return;
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const submit = form.submitWith((names) =>
    save.mutate(
      { ...names, image: file },
      {
        onSuccess: ({ profileImage }) => {
          setFile(null);
          // Show what the server stored (resized, upright) rather than the local file.
          if (profileImage) setPreview(profileImage);
        },
        onError: (error) => form.showServerError(error),
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <FormErrorAlert message={form.formError} />
        {save.isSuccess && <ResultAlert severity="success">Profile saved.</ResultAlert>}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={preview ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {(form.watch('firstName')[0] ?? '?').toUpperCase()}
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
            <Typography variant="body2" sx={{ color: imageError ? 'error.main' : 'text.secondary', mt: 0.5 }}>
              {imageError ?? (file ? file.name : PROFILE_IMAGE_HINT)}
            </Typography>
          </div>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            control={form.control}
            name="firstName"
            label="First name"
            required
            fullWidth
            disabled={readOnly}
          />
          <FormTextField
            control={form.control}
            name="lastName"
            label="Last name"
            required
            fullWidth
            disabled={readOnly}
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
