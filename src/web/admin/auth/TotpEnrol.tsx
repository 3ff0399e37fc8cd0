import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The authenticator app's enrolment: the otpauth URI as a QR code, drawn here in the browser (the secret never
 * goes to any other service), and the secret as text to type in by hand.
 */
export function TotpEnrol({ uri, secret }: { uri: string; secret: string }) {
  const { t } = useTranslation('console');
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(uri, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setQr(url);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <div className="text-center mb-3">
      {qr ? (
        <img
          src={qr}
          alt={t('invite.qr_alt')}
          className="console-qr border rounded"
          data-testid="console-totp-qr"
        />
      ) : (
        <div
          className="console-qr d-inline-flex align-items-center justify-content-center"
          aria-hidden="true"
        >
          <div className="spinner-border text-primary" />
        </div>
      )}
      <p className="small text-body-secondary mt-3 mb-1">{t('invite.secret')}</p>
      <code className="console-secret d-block user-select-all" data-testid="console-totp-secret">
        {secret.replace(/(.{4})/g, '$1 ').trim()}
      </code>
    </div>
  );
}
