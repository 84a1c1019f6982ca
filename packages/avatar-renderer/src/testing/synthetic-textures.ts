import type { Rig } from '@avatar-factory/avatar-rig';

/** Straight (not premultiplied) RGBA pixels, row-major, like ImageData. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

interface FaceLayout {
  mouthY: number;
  mouthX0: number;
  mouthX1: number;
  eyeTop: number;
  eyeBottom: number;
}

type Rgb = readonly [number, number, number];

/** Paints a flat cartoon portrait aligned with the synthetic rig's mouth and eye rows. */
export function paintFaceTexture(rig: Rig, layout: FaceLayout): RgbaImage {
  const { width, height } = rig;
  const data = new Uint8ClampedArray(width * height * 4);
  const cx = width / 2;
  const box = rig.face.box;
  const faceCy = box.y + box.height / 2;
  const eyeCy = (layout.eyeTop + layout.eyeBottom) / 2;
  const eyeRy = (layout.eyeBottom - layout.eyeTop) * 0.38;
  const mouthCx = (layout.mouthX0 + layout.mouthX1) / 2;
  const mouthRx = (layout.mouthX1 - layout.mouthX0) / 2;

  const inEllipse = (x: number, y: number, ex: number, ey: number, rx: number, ry: number) => ((x - ex) / rx) ** 2 + ((y - ey) / ry) ** 2 <= 1;
  const pick = (x: number, y: number): Rgb => {
    // Painter's order, topmost first.
    for (const ex of [0.38 * width, 0.62 * width]) {
      if (inEllipse(x, y, ex, eyeCy, eyeRy * 0.8, eyeRy * 0.8)) return [40, 60, 90];
      if (inEllipse(x, y, ex, eyeCy, eyeRy * 2, eyeRy)) return [245, 245, 240];
      if (inEllipse(x, y, ex, layout.eyeTop - eyeRy * 0.6, eyeRy * 2.4, eyeRy * 0.45)) return [90, 60, 40];
    }
    const lipShape = 1 - ((x - mouthCx) / mouthRx) ** 2;
    if (lipShape > 0) {
      if (Math.abs(y - layout.mouthY) < 1) return [90, 20, 30];
      if (y < layout.mouthY && layout.mouthY - y < 6 * lipShape + 1) return [190, 70, 80];
      if (y > layout.mouthY && y - layout.mouthY < 8 * lipShape + 1) return [205, 85, 95];
    }
    if (Math.abs(x - cx) < 3 && y > eyeCy + eyeRy * 2 && y < layout.mouthY - 14) return [215, 160, 130];
    if (inEllipse(x, y, cx, box.y + box.height * 0.12, box.width * 0.55, box.height * 0.22) && y < eyeCy - eyeRy * 3) return [70, 45, 30];
    if (inEllipse(x, y, cx, faceCy, box.width / 2, box.height / 2)) return [235, 185, 150];
    if (Math.abs(x - cx) < box.width * 0.22 && y > faceCy && y < height * 0.88) return [225, 175, 140];
    if (y > height * 0.86 && inEllipse(x, y, cx, height * 1.1, width * 0.55, height * 0.26)) return [60, 90, 150];
    return [200 - (y / height) * 60, 210 - (y / height) * 50, 225];
  };

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pick(x + 0.5, y + 0.5);
      const o = (y * width + x) * 4;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

/** A mouth cavity: upper teeth at the top, dark throat, a hint of tongue at the bottom. */
export function paintMouthTexture(width: number, height: number): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = (y + 0.5) / height;
      const rgb: Rgb = v < 0.25 ? [240, 236, 225] : v > 0.75 ? [170, 70, 80] : [45, 12, 18];
      const o = (y * width + x) * 4;
      data.set([rgb[0], rgb[1], rgb[2], 255], o);
    }
  }
  return { width, height, data };
}
