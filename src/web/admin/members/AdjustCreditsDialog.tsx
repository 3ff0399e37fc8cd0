import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { type AdminMember, MAX_CREDIT_ADJUSTMENT } from '../../../shared/schemas/admin-members';
import { ConfirmDialog } from './ConfirmDialog';
import { adjustCreditsCall, memberKey } from './members-api';
import { newRequestId } from './request-id';

/**
 * Adds or takes credits with a reason (required). The request carries one id for as long as the dialog is open, so
 * a second click or a retry is applied once. The server refuses a take below zero and says the balance.
 */
export function AdjustCreditsDialog({
  member,
  onClose,
  onDone,
}: {
  member: AdminMember;
  onClose: () => void;
  onDone: (credits: number) => void;
}) {
  const { t } = useTranslation('members');
  const client = useQueryClient();
  const [requestId] = useState(newRequestId);
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const n = Number(amount);
  const validAmount = Number.isInteger(n) && n > 0 && n <= MAX_CREDIT_ADJUSTMENT;
  const validReason = reason.trim().length >= 3;
  const adjust = useMutation({
    mutationFn: adjustCreditsCall,
    onSuccess: async (a) => {
      await client.invalidateQueries({ queryKey: memberKey(member.account.id) });
      onDone(a.credits);
    },
  });
  return (
    <ConfirmDialog
      title={t('credits.dialog_title')}
      confirmLabel={
        direction === 'add'
          ? t('credits.confirm_add', { count: n || 0 })
          : t('credits.confirm_take', { count: n || 0 })
      }
      busy={adjust.isPending}
      error={adjust.error}
      disabled={!validAmount || !validReason}
      onClose={onClose}
      testId="adjust-credits"
      onConfirm={() =>
        adjust.mutate({
          member: member.account.id,
          delta: direction === 'add' ? n : -n,
          reason: reason.trim(),
          request_id: requestId,
        })
      }
    >
      <p className="small">{t('credits.balance', { count: member.account.credits })}</p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('credits.direction')}</legend>
        <Form.Check
          inline
          type="radio"
          id="adjust-add"
          name="adjust-direction"
          label={t('credits.add')}
          checked={direction === 'add'}
          onChange={() => setDirection('add')}
        />
        <Form.Check
          inline
          type="radio"
          id="adjust-take"
          name="adjust-direction"
          label={t('credits.take')}
          checked={direction === 'take'}
          onChange={() => setDirection('take')}
          data-testid="adjust-credits-take"
        />
      </fieldset>
      <Form.Group className="mb-3" controlId="adjust-amount">
        <Form.Label>{t('credits.amount')}</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CREDIT_ADJUSTMENT}
          step={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          data-testid="adjust-credits-amount"
        />
      </Form.Group>
      <Form.Group controlId="adjust-reason">
        <Form.Label>{t('credits.reason')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          aria-describedby="adjust-reason-help"
          data-testid="adjust-credits-reason"
        />
        <Form.Text id="adjust-reason-help">{t('credits.reason_help')}</Form.Text>
      </Form.Group>
    </ConfirmDialog>
  );
}
