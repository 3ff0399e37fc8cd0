import { useState } from 'react';
import type { MemberPhoto } from '../../../shared/schemas/member-profile';
import { ReportModal } from '../../features/reports/components/ReportModal';
import { ReportPhotoButton } from '../../features/reports/components/ReportPhotoButton';
import { Lightbox, largeOf, thumbOf } from './MemberPhotos';

/**
 * A profile's photos shown large (the lightbox) with, for a signed-in member on another member's profile, "Report
 * this photo": the viewer closes and the report dialog opens for that photo (one dialog at a time).
 */
export function PhotoViewer({
  member,
  photos,
  index,
  onIndex,
  onClose,
  canReport,
  onReported,
}: {
  member: { id: number; name: string };
  photos: MemberPhoto[];
  /** the photo shown, or null while the viewer is closed */
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  canReport: boolean;
  onReported: (blocked: boolean) => void;
}) {
  const [reported, setReported] = useState<{ id: number; url: string } | null>(null);
  return (
    <>
      {index !== null && photos.length > 0 && (
        <Lightbox
          name={member.name}
          photos={photos}
          index={Math.max(0, Math.min(index, photos.length - 1))}
          onIndex={onIndex}
          onClose={onClose}
          action={
            canReport
              ? (photo) => (
                  <ReportPhotoButton
                    onClick={() => {
                      setReported({ id: photo.id, url: (thumbOf(photo) ?? largeOf(photo))! });
                      onClose();
                    }}
                  />
                )
              : undefined
          }
        />
      )}
      {reported && (
        <ReportModal
          show
          onHide={() => setReported(null)}
          member={member}
          source="photo"
          photo={reported}
          onDone={onReported}
        />
      )}
    </>
  );
}
