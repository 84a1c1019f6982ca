/**
 * MediaPipe face mesh landmark indices (468-point topology, as Human returns it). "Image-left" is
 * the subject's right side. Contours run from the image-left corner to the image-right corner.
 */

/** Face oval, clockwise from the forehead top: the outer boundary of the mesh's triangulation. */
export const FACE_OVAL = [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109] as const;

export const MOUTH_CORNER_INNER = [78, 308] as const;
/** Where the outer lip contours meet (the face frame's mouth width is measured between them). */
export const MOUTH_CORNER_OUTER = [61, 291] as const;
/** Inner lip contours without the shared corners, paired index by index (same column of the mouth). */
export const UPPER_INNER = [191, 80, 81, 82, 13, 312, 311, 310, 415] as const;
export const LOWER_INNER = [95, 88, 178, 87, 14, 317, 402, 318, 324] as const;

/** Every landmark of the upper and lower lips (four rings each, corners counted with the upper lip). */
export const UPPER_LIP = [
  61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291,
  76, 184, 74, 73, 72, 11, 302, 303, 304, 408, 306,
  62, 183, 42, 41, 38, 12, 268, 271, 272, 407, 292,
  78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308,
] as const;
export const LOWER_LIP = [
  146, 91, 181, 84, 17, 314, 405, 321, 375,
  77, 90, 180, 85, 16, 315, 404, 320, 307,
  96, 89, 179, 86, 15, 316, 403, 319, 325,
  95, 88, 178, 87, 14, 317, 402, 318, 324,
] as const;

/** Lower jaw along the oval, from the image-left jaw angle to the chin to the image-right one, with how far each follows the chin when the jaw opens. */
export const JAW_FOLLOW: ReadonlyArray<readonly [number, number]> = [
  [132, 0.08], [58, 0.2], [172, 0.35], [136, 0.5], [150, 0.65], [149, 0.8], [176, 0.9], [148, 0.97],
  [152, 1],
  [377, 0.97], [400, 0.9], [378, 0.8], [379, 0.65], [365, 0.5], [397, 0.35], [288, 0.2], [361, 0.08],
];

export interface EyeLandmarks {
  /** Upper lid contour between the corners, paired with `lowerLid` column by column. */
  upperLid: readonly number[];
  lowerLid: readonly number[];
  corners: readonly [number, number];
  /** The next ring out, column by column with the lids: the upper lid's crease and the lower lid's fold. */
  upperCrease: readonly number[];
  lowerFold: readonly number[];
  /** Rings around the eye that stay put during a blink (outer folds, brow). */
  still: readonly number[];
}

/** Subject's right eye, on the image's left. */
export const EYE_IMAGE_LEFT: EyeLandmarks = {
  upperLid: [246, 161, 160, 159, 158, 157, 173],
  lowerLid: [7, 163, 144, 145, 153, 154, 155],
  corners: [33, 133],
  upperCrease: [247, 30, 29, 27, 28, 56, 190],
  lowerFold: [25, 110, 24, 23, 22, 26, 112],
  still: [130, 243, 226, 31, 228, 229, 230, 231, 232, 233, 244, 46, 53, 52, 65, 55, 70, 63, 105, 66, 107],
};

/** Subject's left eye, on the image's right. */
export const EYE_IMAGE_RIGHT: EyeLandmarks = {
  upperLid: [466, 388, 387, 386, 385, 384, 398],
  lowerLid: [249, 390, 373, 374, 380, 381, 382],
  corners: [263, 362],
  upperCrease: [467, 260, 259, 257, 258, 286, 414],
  lowerFold: [255, 339, 254, 253, 252, 256, 341],
  still: [359, 463, 446, 261, 448, 449, 450, 451, 452, 453, 464, 276, 283, 282, 295, 285, 300, 293, 334, 296, 336],
};

/** Bottom of the nose: everything above it is part of the rigid upper head during jaw motion. */
export const NOSE_BOTTOM = 2;
export const CHEEK_IMAGE_LEFT = 50;
export const CHEEK_IMAGE_RIGHT = 280;
