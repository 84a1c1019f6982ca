import { Alert } from '../../../components/ui/alert';
import type { ImageValidationResult } from '../lib/image-rules';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The outcome of the photo checks: errors, warnings and the measured facts. */
export function ValidationReport({ result }: { result: ImageValidationResult }) {
  const { imageInfo } = result;
  return (
    <div className="space-y-2" data-testid="validation-report" data-passed={result.passed ? 'true' : 'false'}>
      {result.errors.map((message) => (
        <Alert key={message} tone="error">
          {message}
        </Alert>
      ))}
      {result.warnings.map((message) => (
        <Alert key={message} tone="warning">
          {message}
        </Alert>
      ))}
      {result.passed && result.warnings.length === 0 ? <Alert tone="success">画像のチェックに合格しました。</Alert> : null}
      {imageInfo.width > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1 px-1 text-xs text-slate-500">
          <div className="flex gap-1">
            <dt>Size</dt>
            <dd className="font-medium text-slate-700">
              {imageInfo.width}×{imageInfo.height}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Aspect ratio</dt>
            <dd className="font-medium text-slate-700">{imageInfo.aspectRatio.toFixed(2)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>File</dt>
            <dd className="font-medium text-slate-700">{formatBytes(imageInfo.fileSize)}</dd>
          </div>
          {result.faceCount !== null ? (
            <div className="flex gap-1">
              <dt>Faces</dt>
              <dd className="font-medium text-slate-700">{result.faceCount}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
