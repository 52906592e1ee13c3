judge cutting
