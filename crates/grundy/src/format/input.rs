//! What a judge reads: a stream, taken a buffer at a time, or a whole
//! regular file mapped into memory and read in place.
//!
//! Mapping spares the copy of every byte from the kernel into a buffer and
//! a system call per buffer, and it puts the whole input in view at once,
//! so no line or number ever straddles a refill. Only regular files are
//! mapped (a pipe or a terminal is streamed, and answers are then written
//! before each read that may wait), and only up to [`MAP_UP_TO`] bytes, so
//! that the memory a run touches stays bounded however large its input.
#![allow(unsafe_code)]

use std::fs::File;
use std::io::{self, Read, Seek};

/// The largest file that is mapped; larger ones are streamed, so a run
/// never holds more than this much of its input in memory.
pub const MAP_UP_TO: u64 = 1 << 28;

/// A judge's input (see the module documentation).
pub struct JudgeInput<'a>(Kind<'a>);

enum Kind<'a> {
    Stream(Box<dyn Read + 'a>),
    Mapped { map: memmap2::Mmap, pos: usize },
}

impl<'a> JudgeInput<'a> {
    /// Input read from `input` a buffer at a time.
    pub fn stream(input: impl Read + 'a) -> Self {
        JudgeInput(Kind::Stream(Box::new(input)))
    }

    /// `file` mapped into memory, if it is a regular file of 1 to
    /// [`MAP_UP_TO`] bytes and the system maps it; `None` otherwise (stream
    /// it instead).
    ///
    /// The file must not be truncated while the input is read: the process
    /// would then be stopped by the system (`SIGBUS` on Unix) when it reads
    /// a page that is gone. Callers that cannot promise this stream the
    /// file (`grundy judge --no-mmap`).
    pub fn map(file: &File) -> Option<JudgeInput<'static>> {
        let meta = file.metadata().ok()?;
        if !meta.is_file() || meta.len() == 0 || meta.len() > MAP_UP_TO {
            return None;
        }
        // Reading starts where the file's position is: standard input may
        // be a file that something before us has partly read.
        let start = usize::try_from((&mut &*file).stream_position().ok()?).ok()?;
        // SAFETY: the map is only ever read, as bytes (any value is a valid
        // `u8`), and it is owned by the returned input, which never hands
        // out a reference that outlives it. What the compiler cannot see is
        // another process changing the file meanwhile: a write shows up as
        // changed bytes (harmless: every byte is checked as it is read), a
        // truncation as a fault when a lost page is touched; the caller
        // accepts that (documented above), as other tools reading mapped
        // files do.
        let map = unsafe { memmap2::MmapOptions::new().populate().map(file) }.ok()?;
        if start >= map.len() {
            return None;
        }
        Some(JudgeInput(Kind::Mapped { map, pos: start }))
    }

    /// Whether the input is a mapped file.
    pub fn is_mapped(&self) -> bool {
        matches!(self.0, Kind::Mapped { .. })
    }

    /// A stream wrapped by `wrap` (say, to flush answers before each read);
    /// a mapped file never waits, so it is left as it is.
    pub fn wrap_stream(self, wrap: impl FnOnce(Box<dyn Read + 'a>) -> Box<dyn Read + 'a>) -> Self {
        match self.0 {
            Kind::Stream(input) => JudgeInput(Kind::Stream(wrap(input))),
            mapped => JudgeInput(mapped),
        }
    }

    /// The mapped bytes not yet read, or the stream.
    pub(crate) fn into_map(self) -> Result<(memmap2::Mmap, usize), JudgeInput<'a>> {
        match self.0 {
            Kind::Mapped { map, pos } => Ok((map, pos)),
            stream => Err(JudgeInput(stream)),
        }
    }
}

impl<'a> From<Box<dyn Read + 'a>> for JudgeInput<'a> {
    fn from(input: Box<dyn Read + 'a>) -> Self {
        JudgeInput(Kind::Stream(input))
    }
}

/// Readers other than the seed games' read a mapped file as a stream.
impl Read for JudgeInput<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.0 {
            Kind::Stream(input) => input.read(buf),
            Kind::Mapped { map, pos } => {
                let mut rest = &map[*pos..];
                let n = rest.read(buf)?;
                *pos += n;
                Ok(n)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{SeekFrom, Write};

    /// A file of `bytes` in the temporary directory, removed when dropped.
    struct TempFile(std::path::PathBuf);

    impl TempFile {
        fn new(name: &str, bytes: &[u8]) -> TempFile {
            let path =
                std::env::temp_dir().join(format!("grundy-input-{}-{name}", std::process::id()));
            File::create(&path).unwrap().write_all(bytes).unwrap();
            TempFile(path)
        }
    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    fn read_all(mut input: JudgeInput<'_>) -> Vec<u8> {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn a_regular_file_is_mapped_from_its_position() {
        let file = TempFile::new("cases", b"2 2\n3 2\n");
        let mut opened = File::open(&file.0).unwrap();
        let input = JudgeInput::map(&opened).expect("a regular file is mapped");
        assert!(input.is_mapped());
        assert_eq!(read_all(input), b"2 2\n3 2\n");
        opened.seek(SeekFrom::Start(4)).unwrap();
        assert_eq!(read_all(JudgeInput::map(&opened).unwrap()), b"3 2\n");
        // At its end, there is nothing to map.
        opened.seek(SeekFrom::Start(8)).unwrap();
        assert!(JudgeInput::map(&opened).is_none());
    }

    #[test]
    fn empty_files_and_streams_are_not_mapped() {
        let empty = TempFile::new("empty", b"");
        assert!(JudgeInput::map(&File::open(&empty.0).unwrap()).is_none());
        let stream = JudgeInput::stream(&b"1 1\n"[..]);
        assert!(!stream.is_mapped());
        let wrapped = stream.wrap_stream(|s| Box::new(s.chain(&b"2 2\n"[..])));
        assert_eq!(read_all(wrapped), b"1 1\n2 2\n");
    }

    /// The seed readers read a mapped file in place, a byte order mark
    /// skipped, lines counted from where reading starts.
    #[test]
    fn readers_read_a_mapped_file_in_place() {
        let file = TempFile::new("bom", b"\xEF\xBB\xBF2 2\n3 2\n4 0\n");
        let mapped = JudgeInput::map(&File::open(&file.0).unwrap()).unwrap();
        let mut reader = crate::games::cutting::CuttingReader::from_input(mapped).unwrap();
        let mut papers = Vec::new();
        let error = reader.next_batch(&mut papers, 10).unwrap_err();
        assert_eq!(papers.len(), 2);
        assert!(error.to_string().starts_with("line 3: "), "{error}");
    }

    /// A file past the limit is streamed (a sparse file: no disk is used).
    #[test]
    fn a_file_past_the_limit_is_not_mapped() {
        let file = TempFile::new("sparse", b"");
        let opened = File::options().write(true).open(&file.0).unwrap();
        opened.set_len(MAP_UP_TO + 1).unwrap();
        assert!(JudgeInput::map(&File::open(&file.0).unwrap()).is_none());
    }

    #[test]
    fn a_mapped_file_is_not_wrapped() {
        let file = TempFile::new("unwrapped", b"4 2\n");
        let input = JudgeInput::map(&File::open(&file.0).unwrap()).unwrap();
        let wrapped = input.wrap_stream(|_| Box::new(io::empty()));
        assert!(wrapped.is_mapped());
        assert_eq!(read_all(wrapped), b"4 2\n");
    }
}
