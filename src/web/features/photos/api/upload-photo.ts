import { RULES } from '../../../../shared/rules';
import { ApiError } from '../../../lib/http';

export interface UploadedPhoto {
  id: number;
  main: boolean;
  private: boolean;
  status: string;
  filename: string;
  thumb_filename: string;
  match: string;
}

/** POST /api/photos.php (multipart) with upload progress, which fetch cannot report. */
export function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/photos.php');
    xhr.setRequestHeader(RULES.http.requestTypeHeader, RULES.http.requestTypeValue);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as {
        photo?: UploadedPhoto;
        error?: { code: string; message: string };
      } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.photo) return resolve(body.photo);
      reject(new ApiError(xhr.status, body?.error?.code ?? 'upload_failed', body?.error?.message ?? ''));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'network'));
    const form = new FormData();
    form.append('photo', file);
    xhr.send(form);
  });
}
