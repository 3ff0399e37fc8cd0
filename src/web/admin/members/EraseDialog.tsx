import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Trans, useTranslation } from 'react-i18next';
import { type AdminMember, eraseConfirmationPhrase } from '../../../shared/schemas/admin-members';
import { ConfirmDialog } from './ConfirmDialog';
import { eraseCall, memberKey } from './members-api';

/** Erasing an account at once, after the admin typed the phrase the dialog shows (the server checks it too). */
export function EraseDialog({
  member,
  onClose,
  onDone,
}: {
  member: AdminMember;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('members');
  const client = useQueryClient();
  const phrase = eraseConfirmationPhrase(member.account.id);
  const [typed, setTyped] = useState('');
  const erase = useMutation({
    mutationFn: eraseCall,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: memberKey(member.account.id) });
      await client.invalidateQueries({ queryKey: ['console', 'members', 'search'] });
      onDone();
    },
  });
  return (
    <ConfirmDialog
      title={t('erase.title')}
      confirmLabel={t('erase.confirm')}
      danger
      busy={erase.isPending}
      error={erase.error}
      disabled={typed.trim() !== phrase}
      onClose={onClose}
      testId="erase-member"
      onConfirm={() => erase.mutate({ member: member.account.id, confirmation: typed.trim() })}
    >
      <p>{t('erase.explain')}</p>
      <Form.Group controlId="erase-phrase">
        <Form.Label>
          <Trans t={t} i18nKey="erase.type" values={{ phrase }} components={{ code: <code /> }} />
        </Form.Label>
        <Form.Control
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-testid="erase-member-phrase"
        />
      </Form.Group>
    </ConfirmDialog>
  );
}
