//! The two I/O threads: a reader that only forwards lines (EOF becomes
//! [`Input::Eof`]) and a writer, the one place that prints to stdout.

use crossbeam_channel::{Receiver, Sender, unbounded};
use std::io::{BufRead, Write};
use std::thread;

/// Longest line kept; the rest of a longer line is discarded and reported.
pub const MAX_LINE_BYTES: usize = 1 << 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Line(String),
    /// A line longer than [`MAX_LINE_BYTES`] (its content is dropped).
    TooLong,
    Eof,
}

/// Starts the reader thread on `input`.
pub fn spawn_reader<R: BufRead + Send + 'static>(mut input: R) -> Receiver<Input> {
    let (tx, rx) = unbounded();
    let spawned = thread::Builder::new()
        .name("stdin-reader".into())
        .spawn(move || {
            loop {
                match read_line(&mut input) {
                    Ok(Some(item)) => {
                        if tx.send(item).is_err() {
                            return;
                        }
                    }
                    Ok(None) | Err(_) => {
                        let _ = tx.send(Input::Eof);
                        return;
                    }
                }
            }
        });
    if let Err(e) = spawned {
        log::error!("cannot start the reader thread: {e}");
    }
    rx
}

/// Reads one line of bytes (any bytes: invalid UTF-8 is replaced), capping
/// its length. `Ok(None)` at end of input.
fn read_line<R: BufRead>(input: &mut R) -> std::io::Result<Option<Input>> {
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut saw_any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            // EOF: a last unterminated line still counts.
            return Ok(if saw_any {
                Some(finish(line, too_long))
            } else {
                None
            });
        }
        saw_any = true;
        // LF, CR LF and a lone CR all end a line (CR LF gives an extra
        // empty line, which the session ignores).
        // LF, CR LF and a lone CR all end a line (CR LF gives an extra
        // empty line, which the session ignores).
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > MAX_LINE_BYTES {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let consumed = done.unwrap_or(buf.len());
        input.consume(consumed);
        if done.is_some() {
            return Ok(Some(finish(line, too_long)));
        }
    }
}

fn finish(line: Vec<u8>, too_long: bool) -> Input {
    if too_long {
        Input::TooLong
    } else {
        Input::Line(String::from_utf8_lossy(&line).into_owned())
    }
}

/// Starts the writer thread: every string sent is printed as one line and
/// flushed at once. The returned handle finishes when all senders are gone.
pub fn spawn_writer<W: Write + Send + 'static>(
    mut output: W,
) -> (Sender<String>, thread::JoinHandle<()>) {
    let (tx, rx): (Sender<String>, Receiver<String>) = unbounded();
    let handle = thread::Builder::new()
        .name("stdout-writer".into())
        .spawn(move || {
            for line in rx {
                log::debug!(">> {line}");
                if writeln!(output, "{line}")
                    .and_then(|_| output.flush())
                    .is_err()
                {
                    // The GUI went away; keep draining so senders never block.
                    continue;
                }
            }
        })
        .unwrap_or_else(|e| panic!("cannot start the writer thread: {e}"));
    (tx, handle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(bytes: &[u8]) -> Vec<Input> {
        let mut c = Cursor::new(bytes.to_vec());
        let mut out = Vec::new();
        while let Ok(Some(i)) = read_line(&mut c) {
            out.push(i);
        }
        out
    }

    #[test]
    fn splits_lines_and_keeps_the_last_unterminated_one() {
        assert_eq!(
            lines(b"uci\r\nisready\rd\nquit"),
            vec![
                Input::Line("uci".into()),
                Input::Line("".into()),
                Input::Line("isready".into()),
                Input::Line("d".into()),
                Input::Line("quit".into())
            ]
        );
    }

    #[test]
    fn binary_junk_is_lossy_text() {
        let got = lines(b"\xff\xfe\x00go\n");
        assert_eq!(got.len(), 1);
    }

    #[test]
    fn overlong_lines_are_reported_not_kept() {
        let mut big = vec![b'a'; MAX_LINE_BYTES + 10];
        big.extend_from_slice(b"\nisready\n");
        assert_eq!(
            lines(&big),
            vec![Input::TooLong, Input::Line("isready".into())]
        );
    }
}
