import { signedArea2, type Rig } from '@avatar-factory/avatar-rig';
import { sourceSize, type RenderBackend } from './backend';
import { drawOrder } from './draw-order';
import type { Viewport } from './layout';

const VERTEX_SHADER = `#version 300 es
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_uv;
layout(location = 2) in float a_depth;
uniform vec2 u_origin;
uniform vec2 u_size;
out vec2 v_uv;
void main() {
  vec2 clip = (a_position - u_origin) / u_size * 2.0 - 1.0;
  gl_Position = vec4(clip.x, -clip.y, a_depth, 1.0);
  v_uv = a_uv;
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
in vec2 v_uv;
uniform sampler2D u_texture;
out vec4 color;
void main() {
  color = texture(u_texture, v_uv);
}`;

/**
 * The same, sampling the texture's full-size level without asking which: on a CPU rasteriser
 * the level a pixel quad takes costs its UV derivatives and a level search, and SwiftShader
 * skips both for a constant level (512 px frame: 3.98-4.54 -> 3.53-4.88 ms, faster in five of six
 * interleaved pairs, 2026-11-27; a level passed as a uniform saved nothing). Used for the layers
 * drawn at most √2 times smaller than their texture (see NEAREST_LEVEL_0), where that level is the
 * one every pixel would take anyway.
 */
const FRAGMENT_SHADER_LEVEL_0 = FRAGMENT_SHADER.replace('texture(u_texture, v_uv)', 'textureLod(u_texture, v_uv, 0.0)');

export interface WebGl2Options {
  /** Keep the drawing buffer after compositing (for reading pixels back); costs a copy per frame. */
  preserveDrawingBuffer?: boolean;
  /**
   * Draw as cheaply as a CPU rasteriser needs: no multisampling, one mip level per pixel, and no
   * depth buffer, a depth-tested layer painted back to front instead (as Canvas 2D draws it; the
   * depth test and its clear cost 0.2 of 4.3 ms a 512 px frame on SwiftShader, bench 2026-11-27).
   * Defaults to whether this browser's WebGL is drawn in software (see drawsInSoftware).
   */
  software?: boolean;
}

/** WebGL drawn by the CPU: Chromium's SwiftShader (no usable GPU, or --disable-gpu), Mesa's llvmpipe and softpipe. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software/i;
let softwareVerdict: boolean | undefined;

/**
 * Whether this browser draws WebGL on the CPU, asked once of a scratch context (the real canvas'
 * context attributes must be chosen before it exists). On SwiftShader a 512 px frame of a real rig
 * took 13.4 ms with 4x multisampling and trilinear filtering, 5.2 ms without (bench, 2026-11-26):
 * multisampling alone doubled it, and a GPU does both for free.
 */
export function drawsInSoftware(): boolean {
  if (softwareVerdict !== undefined) return softwareVerdict;
  softwareVerdict = false;
  if (typeof document === 'undefined' && typeof OffscreenCanvas === 'undefined') return softwareVerdict;
  const scratch = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const gl = scratch.getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return softwareVerdict;
  // Browsers that hide the unmasked name (Firefox) report a sanitised one in RENDERER instead.
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  softwareVerdict = SOFTWARE_RENDERER.test(String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)));
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return softwareVerdict;
}

interface GpuLayer {
  /** Texels of its texture per rig pixel at rest. */
  texelsPerRigPixel: number;
  vao: WebGLVertexArrayObject;
  uvBuffer: WebGLBuffer;
  indexBuffer: WebGLBuffer;
  count: number;
  indexType: number;
  texture: WebGLTexture;
  depthTest: boolean;
  opaque: boolean;
}

/**
 * WebGL2 renderer: one dynamic VBO of positions refreshed each frame from the evaluated rig, static
 * UV and index buffers per layer, one mipmapped texture per texture file, premultiplied alpha
 * blending (ONE, ONE_MINUS_SRC_ALPHA). Rebuilds its resources after a context loss.
 */
export function createWebGl2Backend(canvas: HTMLCanvasElement | OffscreenCanvas, rig: Rig, textures: Record<string, TexImageSource>, options: WebGl2Options = {}): RenderBackend {
  const software = options.software ?? drawsInSoftware();
  const gl = canvas.getContext('webgl2', {
    alpha: true,
    premultipliedAlpha: true,
    antialias: !software,
    depth: !software,
    preserveDrawingBuffer: options.preserveDrawingBuffer ?? false,
  }) as WebGL2RenderingContext | null;
  if (!gl) throw new Error('WebGL2 is not available');

  let resources = createResources(gl, rig, textures, software);
  let lost = false;
  const onLost = (event: Event) => {
    event.preventDefault();
    lost = true;
  };
  const onRestored = () => {
    resources = createResources(gl, rig, textures, software);
    lost = false;
  };
  canvas.addEventListener('webglcontextlost', onLost);
  canvas.addEventListener('webglcontextrestored', onRestored);

  return {
    kind: 'webgl2',
    draw(positions: Float32Array, view: Viewport) {
      if (lost || gl.isContextLost()) return;
      const r = resources;
      gl.viewport(0, 0, view.canvasWidth, view.canvasHeight);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
      // The viewport is what is shown (GL's origin is bottom-left), and the shader maps the rig's
      // view onto it: a viewport as large as the whole portrait, reaching past the canvas, could
      // pass the GPU's largest (MAX_VIEWPORT_DIMS) and be cut down.
      const { shown } = view;
      gl.viewport(Math.round(shown.x), Math.round(view.canvasHeight - shown.y - shown.height), Math.round(shown.width), Math.round(shown.height));
      const origin = [(shown.x - view.x) / view.scale, (shown.y - view.y) / view.scale] as const;
      gl.bindBuffer(gl.ARRAY_BUFFER, r.positionBuffer);
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, positions);
      gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.activeTexture(gl.TEXTURE0);
      let current: LinkedProgram | null = null;
      for (const layer of r.layers) {
        const program = r.level0 && mipLevel(layer.texelsPerRigPixel, view.width / rig.width) <= NEAREST_LEVEL_0 ? r.level0 : r.any;
        if (program !== current) {
          current = program;
          gl.useProgram(program.program);
          gl.uniform2f(program.originLocation, origin[0], origin[1]);
          gl.uniform2f(program.sizeLocation, shown.width / view.scale, shown.height / view.scale);
          gl.uniform1i(program.textureLocation, 0);
        }
        // Rig v2's depth-tested layer is the face, textured with the portrait, which the rig
        // format makes opaque: blending it only read the frame back for nothing (4.5 -> 4.3 ms a
        // 512 px frame on SwiftShader). Within it the nearer surface wins; layers still cover each
        // other in order.
        if (layer.opaque) gl.disable(gl.BLEND);
        else gl.enable(gl.BLEND);
        if (layer.depthTest) {
          gl.enable(gl.DEPTH_TEST);
          gl.depthFunc(gl.LESS);
          gl.clear(gl.DEPTH_BUFFER_BIT);
        } else {
          gl.disable(gl.DEPTH_TEST);
        }
        gl.bindVertexArray(layer.vao);
        gl.bindTexture(gl.TEXTURE_2D, layer.texture);
        gl.drawElements(gl.TRIANGLES, layer.count, layer.indexType, 0);
      }
      gl.bindVertexArray(null);
      gl.disable(gl.DEPTH_TEST);
    },
    destroy() {
      canvas.removeEventListener('webglcontextlost', onLost);
      canvas.removeEventListener('webglcontextrestored', onRestored);
      if (!gl.isContextLost()) deleteResources(gl, resources);
    },
  };
}

type Resources = ReturnType<typeof createResources>;

function createResources(gl: WebGL2RenderingContext, rig: Rig, textures: Record<string, TexImageSource>, software: boolean) {
  const any = linkedProgram(gl, FRAGMENT_SHADER);
  const level0 = software ? linkedProgram(gl, FRAGMENT_SHADER_LEVEL_0) : null;
  const positionBuffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, positionBuffer);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(rig.vertices), gl.DYNAMIC_DRAW);

  const depthBuffer = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, depthBuffer);
  gl.bufferData(gl.ARRAY_BUFFER, clipDepths(rig), gl.STATIC_DRAW);

  const maxTexture = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  const textureCache = new Map<string, WebGLTexture>();
  const wide = rig.vertices.length / 2 > 65535;
  const isOpaque = (layer: Rig['layers'][number]) => Boolean(layer.depthTest && rig.depth);
  const opaqueTextures = new Set(rig.layers.filter(isOpaque).map((layer) => layer.texture));
  const layers: GpuLayer[] = rig.layers.map((layer) => {
    let texture = textureCache.get(layer.texture);
    if (!texture) {
      const source = textures[layer.texture];
      if (!source) throw new Error(`texture ${layer.texture} of layer ${layer.name} is missing`);
      texture = uploadTexture(gl, source, maxTexture, software, opaqueTextures.has(layer.texture));
      textureCache.set(layer.texture, texture);
    }
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, positionBuffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    const uvBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, uvBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array(layer.uvs), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 2, gl.FLOAT, false, 0, 0);
    gl.bindBuffer(gl.ARRAY_BUFFER, depthBuffer);
    gl.enableVertexAttribArray(2);
    gl.vertexAttribPointer(2, 1, gl.FLOAT, false, 0, 0);
    const indexBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indexBuffer);
    const triangles = software ? drawOrder(layer, rig.depth) : layer.triangles;
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, wide ? Uint32Array.from(triangles) : Uint16Array.from(triangles), gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    const texelsPerRigPixel = texelsPerPixel(rig.vertices, layer, sourceSize(textures[layer.texture]!));
    return { texelsPerRigPixel, vao, uvBuffer, indexBuffer, count: triangles.length, indexType: wide ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT, texture, depthTest: !software && isOpaque(layer), opaque: isOpaque(layer) };
  });
  return { any, level0, positionBuffer, depthBuffer, layers, textures: [...textureCache.values()] };
}

function deleteResources(gl: WebGL2RenderingContext, r: Resources) {
  for (const layer of r.layers) {
    gl.deleteVertexArray(layer.vao);
    gl.deleteBuffer(layer.uvBuffer);
    gl.deleteBuffer(layer.indexBuffer);
  }
  for (const texture of r.textures) gl.deleteTexture(texture);
  gl.deleteBuffer(r.positionBuffer);
  gl.deleteBuffer(r.depthBuffer);
  gl.deleteProgram(r.any.program);
  if (r.level0) gl.deleteProgram(r.level0.program);
}

interface LinkedProgram { program: WebGLProgram; originLocation: WebGLUniformLocation | null; sizeLocation: WebGLUniformLocation | null; textureLocation: WebGLUniformLocation | null }

function linkedProgram(gl: WebGL2RenderingContext, fragmentSource: string): LinkedProgram {
  const program = linkProgram(gl, VERTEX_SHADER, fragmentSource);
  return { program, originLocation: gl.getUniformLocation(program, 'u_origin'), sizeLocation: gl.getUniformLocation(program, 'u_size'), textureLocation: gl.getUniformLocation(program, 'u_texture') };
}

/**
 * Up to this mip level, LINEAR_MIPMAP_NEAREST samples the full-size level bilinearly (OpenGL ES
 * 3.0, 3.8.10.4: level_base while the level of detail is at most 1/2), as magnification does: so
 * FRAGMENT_SHADER_LEVEL_0 draws what FRAGMENT_SHADER would.
 */
const NEAREST_LEVEL_0 = 0.5;

/** The mip level of a texture drawn at this many texels per rig pixel when a rig pixel covers `canvasPixelsPerRigPixel` canvas pixels: 0 when magnified. */
function mipLevel(texelsPerRigPixel: number, canvasPixelsPerRigPixel: number): number {
  return Math.max(0, Math.log2(texelsPerRigPixel / canvasPixelsPerRigPixel));
}

/** Texels per rig pixel of a layer at rest: the median over its triangles of the square root of texture area over picture area. */
function texelsPerPixel(vertices: readonly number[], layer: Rig['layers'][number], texture: { width: number; height: number }): number {
  const t = layer.triangles;
  const ratios: number[] = [];
  for (let k = 0; k < t.length; k += 3) {
    const area = Math.abs(signedArea2(vertices, t[k]!, t[k + 1]!, t[k + 2]!));
    const texels = Math.abs(signedArea2(layer.uvs, t[k]!, t[k + 1]!, t[k + 2]!)) * texture.width * texture.height;
    if (area > 1e-6 && texels > 1e-9) ratios.push(Math.sqrt(texels / area));
  }
  ratios.sort((x, y) => x - y);
  return ratios.length ? ratios[Math.floor(ratios.length / 2)]! : 1;
}

/** Rig depth (larger = nearer) mapped into clip z in [-0.9, 0.9], nearer = smaller, for gl.LESS; all 0 for a v1 rig. */
function clipDepths(rig: Rig): Float32Array {
  const n = rig.vertices.length / 2;
  const out = new Float32Array(n);
  if (!rig.depth) return out;
  let min = Infinity, max = -Infinity;
  for (const d of rig.depth) { min = Math.min(min, d); max = Math.max(max, d); }
  const range = max - min || 1;
  for (let i = 0; i < n; i++) out[i] = 0.9 - 1.8 * (((rig.depth[i] ?? min) - min) / range);
  return out;
}

/**
 * A mipmapped texture; sampled from the two nearest mip levels (trilinear), or on a CPU rasteriser
 * from the nearest one, about half the work. An opaque one (the portrait, in a rig v2) is stored
 * without alpha: a CPU rasteriser samples three channels instead of four (SwiftShader, 512 px
 * frame: 4.09 -> 3.87 ms, mean of five interleaved runs, 2026-11-27).
 */
function uploadTexture(gl: WebGL2RenderingContext, source: TexImageSource, maxSize: number, software: boolean, opaque: boolean): WebGLTexture {
  const { width, height } = sourceSize(source);
  if (width > maxSize || height > maxSize) throw new Error(`texture ${width}x${height} exceeds MAX_TEXTURE_SIZE ${maxSize}`);
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  // ImageBitmaps carry their own premultiplication; for other sources WebGL premultiplies on upload.
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  if (opaque) gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGB8, gl.RGB, gl.UNSIGNED_BYTE, source);
  else gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, source);
  gl.generateMipmap(gl.TEXTURE_2D);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, software ? gl.LINEAR_MIPMAP_NEAREST : gl.LINEAR_MIPMAP_LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return texture;
}

function linkProgram(gl: WebGL2RenderingContext, vertexSource: string, fragmentSource: string): WebGLProgram {
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type);
    if (!shader) throw new Error('could not create a shader');
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(`shader compile failed: ${gl.getShaderInfoLog(shader)}`);
    return shader;
  };
  const vs = compile(gl.VERTEX_SHADER, vertexSource);
  const fs = compile(gl.FRAGMENT_SHADER, fragmentSource);
  const program = gl.createProgram();
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  gl.deleteShader(vs);
  gl.deleteShader(fs);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`program link failed: ${gl.getProgramInfoLog(program)}`);
  return program;
}

/**
 * Whether WebGL2 works well enough here to draw this rig, tried on a scratch canvas: once a canvas
 * holds a WebGL context it can never give a 2D one, so a failed attempt must not touch the real one.
 */
export function probeWebGl2(rig: Rig, textures: Record<string, TexImageSource>): boolean {
  if (typeof document === 'undefined' && typeof OffscreenCanvas === 'undefined') return false;
  const scratch = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const gl = scratch.getContext('webgl2') as WebGL2RenderingContext | null;
  if (!gl) return false;
  try {
    const program = linkProgram(gl, VERTEX_SHADER, FRAGMENT_SHADER);
    gl.deleteProgram(program);
    const maxTexture = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
    return rig.layers.every((layer) => {
      const source = textures[layer.texture];
      if (!source) return false;
      const { width, height } = sourceSize(source);
      return width <= maxTexture && height <= maxTexture;
    });
  } catch {
    return false;
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
}
