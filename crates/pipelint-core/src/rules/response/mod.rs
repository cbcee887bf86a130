//! Rules for responses of the cloud API: the envelopes (spec 2.1, 7) and the pipe and
//! service records they carry (spec 2.2, 2.8).

super::rule_files! {
    created_after_updated,
    invalid_date_time,
    invalid_uuid,
    leaked_secret,
    request_id_uuid_v4,
    status_matches_envelope,
    unknown_pipe_state,
}

pub(crate) mod facts;
