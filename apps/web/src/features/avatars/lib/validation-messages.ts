import { imageLimits } from '@avatar-factory/contracts';

/** The Japanese texts of the client-side photo checks (messages are in Japanese). */
export const validationMessages = {
  fileTooLarge: (bytes: number) =>
    `ファイルサイズが大きすぎます（${formatMegabytes(bytes)}）。10MB以下の画像を選択してください。`,
  tooSmall: (width: number, height: number) =>
    `画像が小さすぎます。${imageLimits.minWidth}x${imageLimits.minHeight}ピクセル以上の画像を選択してください（現在のサイズ: ${width}x${height}）。`,
  aspectRatio: (ratio: number) =>
    `画像の縦横比（${ratio.toFixed(2)}）が推奨範囲（${imageLimits.minAspectRatio}〜${imageLimits.maxAspectRatio}）の外です。顔が正しく切り抜かれない可能性があります。`,
  tooDark: '画像が暗すぎます。明るい場所で撮影した写真を選択してください。',
  tooBright: '画像が明るすぎます。白飛びしていない写真を選択してください。',
  blurry: '画像がぼやけている可能性があります。ピントの合った写真をおすすめします。',
  noFace: '顔が検出されませんでした。顔がはっきり写っている写真を選択してください。',
  multipleFaces: (count: number) =>
    `${count}人の顔が検出されました。1人だけが写っている写真を選択してください。`,
  faceDetectionUnavailable: '顔検出を実行できなかったため、顔のチェックをスキップしました。',
  faceDetectionTimedOut: '顔検出がタイムアウトしたため、顔のチェックをスキップしました。',
  loadFailed: '画像を読み込めませんでした。PNGまたはJPG形式の画像を選択してください。',
  canvasFailed: '画像の解析中にエラーが発生しました。別の画像でお試しください。',
  passed: '画像のチェックが完了しました。',
  notValidated: '画像のチェックが完了していません。チェックに合格した写真を選択してください。',
} as const;

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)}MB`;
}
