// An instrument's logo (the server's image, an SVG badge generated from the code where none is shipped).
import { useState } from 'react';

export function InstrumentLogo({ src, code, size = 32 }: { src: string; code: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed || src === '') {
    return (
      <span className="logo-fallback" style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
        {code.slice(0, 3)}
      </span>
    );
  }
  return (
    <img
      className="instrument-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
