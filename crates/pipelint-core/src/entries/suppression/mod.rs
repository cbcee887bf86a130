//! Findings about the suppressions a file holds itself: the inline ignore comments of `.tf`
//! files (`# pipelint-ignore: …`), read in `terraform::ignore`.

super::entry_files! {
    unused_ignore,
}
