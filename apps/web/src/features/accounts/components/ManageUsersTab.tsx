import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canManageMember,
  formatDateTimeZoned,
  isManageableRole,
  type ManageableRole,
  roleLabel,
  type TExportFormat,
  type TManagedUser,
  userStatusPresentation,
  ZInviteUserRequest,
} from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormErrorAlert } from '@/lib/form/error-alert';
import { FormSelectField } from '@/lib/form/select-field';
import { FormTextField } from '@/lib/form/text-field';
import { useZodForm } from '@/lib/form/use-zod-form';
import { errorMessage } from '@/lib/http/api-error';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ListPagination, usePaging } from '@/lib/ui/ListPagination';
import { ListStatus } from '@/lib/ui/ListStatus';
import { ListToolbar } from '@/lib/ui/ListToolbar';
import { type ResponsiveColumn, ResponsiveTable } from '@/lib/ui/ResponsiveTable';
import { ResultAlert } from '@/lib/ui/ResultAlert';
import { SearchField } from '@/lib/ui/SearchField';
import { SortSelect, useListSort } from '@/lib/ui/SortSelect';
import { StatusChip } from '@/lib/ui/StatusChip';
import { TextInput } from '@/lib/ui/TextInput';
import { useCan } from '@/lib/use-can';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { ManagedUserFilters } from '../api/keys';
import {
  exportManagedUsers,
  useChangeRole,
  useDeleteUser,
  useInviteUser,
  useManagedUsers,
  useReinviteUser,
} from '../api/managed-users';
import { EmailText } from './EmailText';

type UserSortField = NonNullable<ManagedUserFilters['sort']>;

const lastSignIn = (iso: string | null) => (iso ? String(formatDateTimeZoned(iso)) : 'Never');

/** The manage-users tab: every user with role, status and last sign-in; invite, change role, re-invite, delete. */
export function ManageUsersTab() {
  const paging = usePaging(10);
  const { page, pageSize } = paging;
  const start = page * pageSize;
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const sort = useListSort<UserSortField>({ field: 'created_at', order: 'asc' }, () => paging.setPage(0));
  const filters: ManagedUserFilters = {
    search: search.trim() ? settled : undefined,
    sort: sort.field,
    order: sort.order,
  };
  const users = useManagedUsers({ start, end: start + pageSize }, filters);
  const exporter = useMutation({
    mutationFn: (format: TExportFormat) => exportManagedUsers(format, filters),
  });
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<TManagedUser | null>(null);
  const [changing, setChanging] = useState<{ user: TManagedUser; role: ManageableRole } | null>(null);
  const reinvite = useReinviteUser();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const roles = users.data?.assignableRoles ?? [];
  const readOnly = users.isSuccess && roles.length === 0;
  const canRequireTwoFactor = useCan('two-factor.policy.read');

  const columns: ResponsiveColumn<TManagedUser>[] = [
    {
      label: 'Name',
      sortField: 'name',
      cellSx: { minWidth: 200 },
      render: (user) => (
        <>
          <Box sx={{ fontWeight: 500 }}>
            {`${user.firstName} ${user.lastName}`.trim() || '—'}
            {user.isSelf && ' (you)'}
          </Box>
          <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            <EmailText email={user.email} />
          </Box>
        </>
      ),
    },
    {
      label: 'Role',
      sortField: 'role',
      render: (user) => (
        <RoleCell
          user={user}
          roles={roles}
          manageable={canManageMember(roles, user)}
          readOnly={readOnly}
          onChoose={(role) => setChanging({ user, role })}
        />
      ),
    },
    {
      label: 'Status',
      sortField: 'status',
      render: (user) => <StatusChip compact presented={userStatusPresentation(user.status)} />,
    },
    {
      label: 'Last sign-in',
      sortField: 'last_sign_in_at',
      cellSx: { whiteSpace: 'nowrap' },
      render: (user) => lastSignIn(user.lastSignInAt),
    },
    {
      label: 'Actions',
      align: 'right',
      cellSx: { whiteSpace: 'nowrap' },
      render: (user) => {
        const manageable = canManageMember(roles, user);
        return (
          <>
            {user.status === 'invited' && (
              <Button
                size="small"
                disabled={!manageable || reinvite.isPending}
                aria-label={`Re-invite ${user.email}`}
                onClick={() =>
                  reinvite.mutate(user.userId, {
                    onSuccess: () =>
                      setNotice({
                        tone: 'success',
                        text: `A new invitation is on its way to ${user.email}.`,
                      }),
                    onError: (error) => setNotice({ tone: 'error', text: errorMessage(error) }),
                  })
                }
              >
                Re-invite
              </Button>
            )}
            <Button
              size="small"
              color="error"
              // error.main is a shape colour: as small text it misses WCAG AA contrast on white.
              sx={{ color: 'error.dark' }}
              disabled={!manageable}
              aria-label={`Delete ${user.email}`}
              onClick={() => setDeleting(user)}
            >
              Delete
            </Button>
          </>
        );
      },
    },
  ];

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
            Users
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {readOnly
              ? 'You can see the users of your organisation; only your account owner can change them.'
              : 'Invite people to your organisation and choose what they may do.'}
          </Typography>
          {canRequireTwoFactor && (
            <Link component={RouterLink} to="/admin/security#two-factor-policy" variant="body2">
              Require two-factor sign-in for admin and carrier roles
            </Link>
          )}
        </div>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={!users.isSuccess || readOnly}
          onClick={() => setInviting(true)}
        >
          Invite user
        </Button>
      </Stack>
      {notice && (
        <ResultAlert severity={notice.tone} sx={{ mx: 2, mb: 2 }} onClose={() => setNotice(null)}>
          {notice.text}
        </ResultAlert>
      )}
      <ListToolbar
        wideColumns="minmax(0, 1fr) 240px"
        onExport={(format) => exporter.mutate(format)}
        exporting={exporter.isPending}
        exportError={exporter.error}
      >
        <SearchField
          label="Search users"
          placeholder="Name or email"
          value={search}
          onChange={(next) => {
            setSearch(next);
            paging.setPage(0);
          }}
        />
        <SortSelect columns={columns} sort={sort.tableSort} />
      </ListToolbar>
      <ListStatus
        query={users}
        noun="users"
        empty={
          <EmptyState
            icon={<PeopleOutlined />}
            title={filters.search ? 'No users match' : 'No users yet'}
            message={
              filters.search
                ? 'No user has that name or email.'
                : 'Invite the first person to your organisation.'
            }
          />
        }
      >
        {(list) => (
          <>
            <ResponsiveTable
              label="Users"
              tableSx={{ minWidth: 680 }}
              hover
              rows={list.items}
              rowKey={(user) => user.userId}
              sort={sort.tableSort}
              columns={columns}
            />
            <ListPagination paging={paging} count={list.total} />
          </>
        )}
      </ListStatus>
      {inviting && (
        <InviteDialog
          roles={roles}
          onClose={() => setInviting(false)}
          onInvited={(email) => {
            setInviting(false);
            setNotice({ tone: 'success', text: `Invitation sent to ${email}. The link works for 72 hours.` });
          }}
        />
      )}
      {changing && (
        <ChangeRoleDialog
          user={changing.user}
          role={changing.role}
          onClose={() => setChanging(null)}
          onChanged={() => {
            setNotice({
              tone: 'success',
              text: `${changing.user.email} is now ${roleLabel(changing.role)}.`,
            });
            setChanging(null);
          }}
        />
      )}
      {deleting && (
        <DeleteDialog
          user={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setNotice({ tone: 'success', text: `${deleting.email} was deleted.` });
            setDeleting(null);
          }}
        />
      )}
    </Paper>
  );
}

/**
 * A user's role: a choice among the roles the caller may give when they may change this user;
 * the same control disabled for those who may only look; plain text for the caller's own row and
 * for users the caller could never change (the account owner, a peer).
 */
function RoleCell({
  user,
  roles,
  manageable,
  readOnly,
  onChoose,
}: {
  user: TManagedUser;
  roles: readonly string[];
  manageable: boolean;
  readOnly: boolean;
  onChoose: (role: ManageableRole) => void;
}) {
  const shown = !user.isSelf && (manageable || (readOnly && isManageableRole(user.role)));
  if (!shown || user.role === null) return <>{roleLabel(user.role)}</>;
  return (
    <TextInput
      select
      size="small"
      value={user.role}
      disabled={!manageable}
      onChange={(event) => {
        const role = event.target.value;
        if (role !== user.role && isManageableRole(role)) onChoose(role);
      }}
      slotProps={{ htmlInput: { 'aria-label': `Role of ${user.email}` } }}
      sx={{ width: 216, '& .MuiSelect-select': { py: 0.75, fontSize: '0.875rem' } }}
    >
      {(manageable ? roles : [user.role]).map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </TextInput>
  );
}

function ChangeRoleDialog({
  user,
  role,
  onClose,
  onChanged,
}: {
  user: TManagedUser;
  role: ManageableRole;
  onClose: () => void;
  onChanged: () => void;
}) {
  const change = useChangeRole();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <Dialog
      open
      onClose={change.isPending ? undefined : onClose}
      aria-labelledby="change-role-title"
      aria-describedby="change-role-text"
    >
      <DialogTitle id="change-role-title">Change the role of {user.email}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="change-role-text">
          {name} goes from <strong>{roleLabel(user.role)}</strong> to <strong>{roleLabel(role)}</strong>. The
          change applies at once; they stay signed in.
        </DialogContentText>
        {change.isPending && <LinearProgress aria-label="Changing the role" sx={{ mt: 2 }} />}
        {change.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            The role was not changed: {errorMessage(change.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={change.isPending}
          onClick={() => change.mutate({ userId: user.userId, role }, { onSuccess: onChanged })}
        >
          {change.isPending ? 'Changing…' : 'Change role'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function InviteDialog({
  roles,
  onClose,
  onInvited,
}: {
  roles: readonly string[];
  onClose: () => void;
  onInvited: (email: string) => void;
}) {
  const form = useZodForm(ZInviteUserRequest, {
    email: '',
    firstName: '',
    lastName: '',
    ...(roles.length === 1 && isManageableRole(roles[0]) ? { role: roles[0] } : {}),
  });
  const invite = useInviteUser();
  const submit = form.submitWith((body) =>
    invite.mutate(body, {
      onSuccess: (result) => onInvited(result.email),
      onError: (error) => form.showServerError(error),
    }),
  );
  const { control } = form;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invite-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="invite-title">Invite a user</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormErrorAlert message={form.formError} />
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              required
              fullWidth
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField control={control} name="firstName" label="First name" required fullWidth />
              <FormTextField control={control} name="lastName" label="Last name" required fullWidth />
            </Stack>
            <FormSelectField control={control} name="role" label="Role" required fullWidth>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </FormSelectField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function DeleteDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: TManagedUser;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteUser();
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-title">
      <DialogTitle id="delete-title">Delete {user.email}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          They lose access at once and every session they have is ended. This cannot be undone; you can invite
          them again later.
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => remove.mutate(user.userId, { onSuccess: onDeleted })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete user'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
