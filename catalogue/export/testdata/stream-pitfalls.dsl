workspace "Stream pitfalls" "" {
    model {
        system = softwareSystem "Stream pitfalls" {
            n_payments = container "payments" "payments" "Apache Kafka" "stream,Pipe"
            n_events = container "events" "events" "NATS JetStream" "stream,Pipe"
            n_audit = container "audit" "audit" "OCI Streaming" "stream,oci,Pipe"
        }
        deploymentEnvironment "Design" {
            deploymentNode "Outside any boundary" {
                containerInstance n_payments
                containerInstance n_events
                containerInstance n_audit
            }
        }
    }
    views {
        container system "Containers" {
            include *
            autolayout lr
        }
        deployment system "Design" "Deployment" {
            include *
            autolayout lr
        }
        styles {
            element "Datastore" {
                shape cylinder
            }
            element "Pipe" {
                shape pipe
            }
            element "Person" {
                shape person
            }
            relationship "Relationship" {
                dashed false
            }
            relationship "event" {
                dashed true
            }
        }
    }
}
